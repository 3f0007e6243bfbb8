import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { messages, passwordHint, passwordProblem } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TibayLogo } from '../../components/tibay-logo.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { setPassword } from './api.ts';

/**
 * /seller-center/set-password?token=…: the approval mail's one-time link. The new seller chooses a password, then
 * signs in to the seller center (decision 0040).
 */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    document.title = 'Set your password | Seller Center | Tibay';
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(newPassword);
    const found = {
      newPassword: problem ?? undefined,
      confirmPassword: confirmPassword === newPassword ? undefined : messages.resetPasswordsDoNotMatch,
    };
    setErrors(found);
    if (found.newPassword || found.confirmPassword) return;
    setSaving(true);
    setFailure(null);
    try {
      await setPassword({ token, newPassword, confirmPassword });
      toast('Your password is set. Please sign in to the Seller Center.', 'success');
      navigate('/seller-center/login', { replace: true });
    } catch (caught) {
      setFailure(caught instanceof ApiError && caught.status !== 0 ? caught.message : messages.resetGenericError);
      setSaving(false);
    }
  };

  return (
    <Center mih="100dvh" p="md" bg="slate.0">
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="md">
          <Stack gap={4} align="center">
            <TibayLogo tone="dark" />
            <Title order={1} size="h3" tt="uppercase">
              Set your password
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              Your shop is approved. Choose the password of your seller account, then sign in to the Seller Center.
            </Text>
          </Stack>
          {!token ? (
            <Alert color="red" role="alert">
              {messages.resetTokenMissing}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <PasswordInput
                label="New password"
                description={passwordHint}
                autoComplete="new-password"
                required
                value={newPassword}
                onChange={(event) => setNewPassword(event.currentTarget.value)}
                error={errors.newPassword}
                visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.currentTarget.value)}
                error={errors.confirmPassword}
                visibilityToggleButtonProps={{ 'aria-label': 'Show confirm new password' }}
              />
              <Button type="submit" loading={saving} disabled={!token} fullWidth>
                SET PASSWORD
              </Button>
            </Stack>
          </form>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/seller-center/login">
              Go to the Seller Center login
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
