import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type AdminUndeliveredMail, adminMessages } from '@tibay/contract';
import { ApiError } from '../../lib/api.ts';
import { manilaTime } from '../../lib/order-labels.ts';
import { toast } from '../../lib/toast.ts';
import { useAdminRetryMail, useAdminUndeliveredMail } from './api.ts';

function MailCard({ mail }: { mail: AdminUndeliveredMail }) {
  const retry = useAdminRetryMail();
  const sendAgain = async () => {
    try {
      await retry.mutateAsync(mail.id);
      toast(adminMessages.mailRequeued, 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast(error.message, 'error');
    }
  };
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 280px' }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {mail.subject}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            To {mail.to}
          </Text>
          <Text size="sm" c="dimmed">
            Written {manilaTime(mail.created_at)} · {mail.attempts} tries · last failed {manilaTime(mail.failed_at)}
          </Text>
          {mail.last_error && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Mail server: {mail.last_error}
            </Text>
          )}
        </Stack>
        <Button
          variant="default"
          loading={retry.isPending}
          onClick={() => void sendAgain()}
          aria-label={`Send again: ${mail.subject} to ${mail.to}`}
        >
          SEND AGAIN
        </Button>
      </Group>
    </Card>
  );
}

/**
 * /admin-v2/undelivered-mail: mails the mail server refused on every try (verification, reset and order mails
 * are retried with back-off first). SEND AGAIN starts a fresh round of tries.
 */
export default function UndeliveredMailPage() {
  const mails = useAdminUndeliveredMail();
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        Undelivered mail
      </Title>
      <Text size="sm">
        Every mail is tried again for about 11 hours when the mail server refuses it. These mails failed every try:
        check the mail server and the address, then send them again.
      </Text>
      {mails.isPending ? (
        <Skeleton h={96} aria-label="Loading..." />
      ) : mails.isError ? (
        <Alert color="red" role="alert">
          {mails.error.message}
        </Alert>
      ) : mails.data.items.length === 0 ? (
        <Text>Every mail was delivered.</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {mails.data.items.map((mail) => (
            <MailCard key={mail.id} mail={mail} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
