import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordRequest, messages } from '@tibay/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { forgotPassword } from '../api.ts';

/** The forgot-password form (email, Send Email), used by the login popup and by /forgot-password. */
export function ForgotPasswordForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordRequest, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    try {
      await forgotPassword(values.email.trim());
      toast(messages.forgotPasswordSent, 'success');
      navigate('/');
    } catch (error) {
      const message =
        error instanceof ApiError && error.status !== 404 && error.status !== 400
          ? error.message
          : messages.emailNotFound;
      form.setFieldError('email', message);
      toast(message, 'error');
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the email you signed up with and we will send you a link to reset your password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={sending} fullWidth>
          Send Email
        </Button>
      </Stack>
    </form>
  );
}
