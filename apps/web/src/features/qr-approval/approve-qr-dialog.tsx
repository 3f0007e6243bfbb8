import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@tibay/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { approveQr, denyQr, useQrRequest } from './api.ts';

const timeFormat = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A signed-in device that opened a login QR link (/login?approveQr=…) stands in for the mobile app's scanner
 * (spec 1 §3-§4 QR login): "Log in on the other device?" with what is known of that device, and Approve or Deny on
 * the same endpoints the apps call. A code that is used, denied or expired says so.
 */
export function ApproveQrDialog({ qrToken }: { qrToken: string }) {
  const navigate = useNavigate();
  const request = useQrRequest(qrToken);
  const [busy, setBusy] = useState<'approve' | 'deny' | null>(null);
  const close = () => navigate('/', { replace: true });

  const act = async (action: 'approve' | 'deny') => {
    setBusy(action);
    try {
      const result = await (action === 'approve' ? approveQr(qrToken) : denyQr(qrToken));
      toast(result.message, action === 'approve' ? 'success' : 'info');
      close();
    } catch (error) {
      toast(error instanceof ApiError ? error.message : messages.serverError, 'error');
      setBusy(null);
    }
  };

  let body: React.ReactNode;
  if (request.isPending) body = <Text size="sm">Checking the code...</Text>;
  else if (request.isError || !request.data) {
    body = (
      <Alert color="red" role="alert">
        ERROR: {request.error instanceof ApiError ? request.error.message : messages.qrInvalid}
      </Alert>
    );
  } else {
    const { browser, device, requestedAt } = request.data;
    body = (
      <Stack gap="xs">
        <Text size="sm">Someone asked to log in to your Tibay account by scanning a QR code on:</Text>
        <Text fw={600}>
          {browser} · {device}
        </Text>
        <Text size="sm" c="dimmed">
          Requested {timeFormat.format(new Date(requestedAt))}
        </Text>
        <Text size="sm">Approve only if it is you, on a device you trust.</Text>
      </Stack>
    );
  }

  return (
    <Modal opened onClose={close} title="Log in on the other device?" centered>
      {body}
      <Group justify="flex-end" mt="lg">
        {request.data ? (
          <>
            <Button
              variant="default"
              onClick={() => void act('deny')}
              loading={busy === 'deny'}
              disabled={busy !== null}
            >
              Deny
            </Button>
            <Button onClick={() => void act('approve')} loading={busy === 'approve'} disabled={busy !== null}>
              Approve
            </Button>
          </>
        ) : (
          <Button variant="default" onClick={close}>
            Close
          </Button>
        )}
      </Group>
    </Modal>
  );
}
