import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { messages, passwordHint } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { storeAuthToken } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { changePassword } from './api.ts';

/**
 * The profile's change-password popup (spec 2 Profile, §5, §8): old, new and confirm password. 'Password not matched'
 * when new and confirm differ; 'Password change successfully' on success, when every other session of the account
 * ends and this one continues with the new token; 'Check input password' when the server refuses.
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setOldPassword('');
    setNewPassword('');
    setConfirmPassword('');
    setError(null);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (newPassword !== confirmPassword) {
      setError(messages.passwordChangeMismatch);
      toast(messages.passwordChangeMismatch, 'error');
      return;
    }
    setSaving(true);
    try {
      const result = await changePassword({ oldPassword, newPassword, confirmPassword });
      storeAuthToken(result.token, result.expiresAt);
      toast(messages.passwordChangeSuccess, 'success');
      close();
    } catch (caught) {
      // The spec's one failure message; a password-strength refusal says what is wrong.
      const strength = caught instanceof ApiError && caught.message === passwordHint;
      const message = strength ? passwordHint : messages.passwordChangeFailed;
      setError(message);
      toast(message, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Old password"
            autoComplete="current-password"
            required
            value={oldPassword}
            onChange={(event) => setOldPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            description={passwordHint}
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
          />
          {error ? (
            <Text size="sm" c="red.7" role="alert">
              {error}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Your other signed-in devices will be signed out.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              CANCEL
            </Button>
            <Button type="submit" loading={saving}>
              CHANGE PASSWORD
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
