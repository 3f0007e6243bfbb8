import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from './components/auth-card.tsx';
import { ForgotPasswordForm } from './components/forgot-password-form.tsx';

/** /forgot-password: the login screen's forgot-password popup as a page of its own (spec 1 §2). */
export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot Password">
      <ForgotPasswordForm />
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <Anchor component={Link} to="/login">
          Back to login
        </Anchor>
      </Text>
    </AuthCard>
  );
}
