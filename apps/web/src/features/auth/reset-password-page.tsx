import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, passwordHint } from '@tibay/contract';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { resetPassword } from './api.ts';
import { AuthCard } from './components/auth-card.tsx';
import { useSignedInAtOpen } from './use-signed-in-at-open.ts';

/** /reset-password?token=…: the link from the reset email (spec 1 §7, §8). */
export default function ResetPasswordPage() {
  const session = useSession();
  const signedInAtOpen = useSignedInAtOpen();
  // A logged-in user opening this page goes to / (spec 1 §8).
  if (signedInAtOpen && session.token) return <Navigate to="/" replace />;
  return <ResetPasswordForm />;
}

function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: {
      newPassword: (value) => (value ? null : messages.resetPasswordsDoNotMatch),
      confirmPassword: (value, values) =>
        value && value === values.newPassword ? null : messages.resetPasswordsDoNotMatch,
    },
  });

  const submit = form.onSubmit(
    async (values) => {
      if (!token) {
        toast(messages.resetTokenMissing, 'error');
        return;
      }
      setSubmitting(true);
      try {
        const result = await resetPassword({ token, ...values });
        toast(result.message || messages.passwordResetDone, 'success');
        navigate('/login');
      } catch (error) {
        const message = error instanceof ApiError && error.status !== 0 ? error.message : messages.resetGenericError;
        if (error instanceof ApiError && error.fields?.newPassword)
          form.setFieldError('newPassword', error.fields.newPassword);
        toast(message, 'error');
        setSubmitting(false);
      }
    },
    () => toast(messages.resetPasswordsDoNotMatch, 'error'),
  );

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your Tibay account.">
      {!token ? (
        <Alert color="red" role="alert">
          {messages.resetTokenMissing}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            description={passwordHint}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show confirm new password' }}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Reset Password
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          Back to login
        </Anchor>
      </Text>
    </AuthCard>
  );
}
