import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

interface Props {
  /** url: the gateway page that opened in a new tab; error: why the payment could not be started. */
  notice: { url: string | null; error: string | null } | null;
  onRetry: () => void;
  onCancel: () => void;
}

/**
 * The payment notice (spec 2 §4 "Payment notice"): the gateway opened in a new tab and the page moves to the
 * web-hooks page after 3 s; when the gateway reports an error, Cancel returns to /checkout.
 */
export function PaymentNotice({ notice, onRetry, onCancel }: Props) {
  const failed = Boolean(notice?.error);
  return (
    <Modal
      opened={notice !== null}
      onClose={failed ? onRetry : () => {}}
      withCloseButton={failed}
      closeOnClickOutside={failed}
      closeOnEscape={failed}
      centered
      title="PAYMENT NOTICE"
      styles={{ title: { fontWeight: 800 } }}
    >
      {failed ? (
        <Stack gap="md">
          <Alert color="red" role="alert">
            {notice?.error}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={onRetry}>Try again</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>
            Your payment page opened in a new tab. Complete your payment there; this page will show the payment status
            in a moment.
          </Text>
          <Group gap="xs">
            <Loader size="xs" />
            <Text fz="sm" c="dimmed">
              Taking you to the payment status…
            </Text>
          </Group>
          {notice?.url ? (
            <Anchor href={notice.url} target="_blank" rel="noopener" fz="sm">
              <Group gap={4} component="span">
                Did the payment page not open? Open it here
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
