import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { messages, passwordHint, type RegisterRequest, registerRequest } from '@tibay/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { SocialButtons } from '../social-sign-in/index.ts';
import { register } from './api.ts';
import { AuthCard } from './components/auth-card.tsx';
import { PhoneInput } from './components/phone-input.tsx';

type SignupValues = Pick<
  RegisterRequest,
  'firstName' | 'lastName' | 'email' | 'phoneNo' | 'password' | 'confirmPassword'
>;

/** /signup: customer registration (spec 1: Signup screen; §5 validation; §7, §8 answers). */
export default function SignupPage() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<SignupValues>({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', phoneNo: '' },
    validate: schemaResolver(registerRequest, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await register(registerRequest.parse(values));
      toast(messages.registerSuccess, 'success');
      navigate('/login');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.message === messages.pinLocation) {
        toast(messages.locationIsDefault, 'error');
      } else {
        if (error.fields) form.setErrors(error.fields);
        if (error.message === messages.passwordMismatch) form.setFieldError('confirmPassword', error.message);
        if (error.status === 409) form.setFieldError('email', error.message);
        toast(error.message, 'error');
      }
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="Sign Up" subtitle="Create your Tibay customer account.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            description={passwordHint}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show confirm password' }}
            {...form.getInputProps('confirmPassword')}
          />
          <PhoneInput
            label="Phone number"
            placeholder="09XXXXXXXXX"
            required
            {...form.getInputProps('phoneNo')}
            value={form.values.phoneNo}
            onChange={(value) => form.setFieldValue('phoneNo', value)}
          />
          <Text size="sm" c="dimmed">
            By registering you agree to our{' '}
            <Anchor component={Link} to="/FAQs" state={{ tab: 2 }}>
              Terms and Conditions
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to="/Privacy-Policy">
              Privacy Policy
            </Anchor>
            .
          </Text>
          <Button type="submit" loading={submitting} fullWidth>
            REGISTER
          </Button>
        </Stack>
      </form>
      <SocialButtons mode="signup" />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
