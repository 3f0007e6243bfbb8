import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { approveLoginQr } from '../api.ts';

/** A signed-in device that opened a login QR link (/login?approveQr=…) confirms the sign-in on the other device. */
export function ApproveQrDialog({ qrToken }: { qrToken: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const close = () => navigate('/', { replace: true });
  const approve = async () => {
    setBusy(true);
    try {
      const result = await approveLoginQr(qrToken);
      toast(result.message || 'The other device is now signed in.', 'success');
      close();
    } catch (error) {
      toast(error instanceof ApiError ? error.message : String(error), 'error');
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={close} title="Sign in on the other device?" centered>
      <Text size="sm" mb="lg">
        Someone asked to log in to your Tibay account by scanning a QR code. Approve only if it is you, on a device you
        trust.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={approve} loading={busy}>
          Sign in
        </Button>
      </Group>
    </Modal>
  );
}
