import { Alert, Anchor, Badge, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useOutbox } from './api.ts';

const timeFormat = new Intl.DateTimeFormat('en-PH', {
  timeZone: 'Asia/Manila',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** Plain mail text with every http(s) address turned into a link. */
function withLinks(text: string): ReactNode[] {
  let offset = 0;
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part) => {
    const key = offset;
    offset += part.length;
    return /^https?:\/\//.test(part) ? (
      <Anchor key={key} href={part} style={{ wordBreak: 'break-all' }}>
        {part}
      </Anchor>
    ) : (
      <Fragment key={key}>{part}</Fragment>
    );
  });
}

/**
 * /dev/mail: the developer outbox. Without SMTP, mail (verification, password reset …) is kept in the outbox
 * and read here, newest first. The API answers 404 when the outbox page is turned off.
 */
export default function DevMailPage() {
  const outbox = useOutbox();
  const mails = [...(outbox.data?.items ?? [])].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );
  const disabled = outbox.error instanceof ApiError && outbox.error.status === 404;

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Developer mail
            </Title>
            <Text size="sm" c="dimmed">
              Mail the site has sent, newest first. Shown because no mail server is configured.
            </Text>
          </Stack>
          <Button variant="default" size="sm" onClick={() => outbox.refetch()} loading={outbox.isFetching}>
            Refresh
          </Button>
        </Group>
        {outbox.isPending ? (
          <Loader aria-label="Loading mail" />
        ) : disabled ? (
          <Alert color="gray" role="status">
            The outbox page is disabled on this server.
          </Alert>
        ) : outbox.isError ? (
          <Alert color="red" role="alert">
            {outbox.error.message}
          </Alert>
        ) : mails.length === 0 ? (
          <Text c="dimmed">No mail yet.</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Mail">
            {mails.map((mail) => (
              <Paper key={mail.id} component="li" withBorder p="md" radius="md">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Title order={2} fz="md">
                      {mail.subject}
                    </Title>
                    <Badge variant="light" color="slate">
                      {timeFormat.format(new Date(mail.createdAt))}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    <Text span fw={600}>
                      To:
                    </Text>{' '}
                    {mail.to}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {withLinks(mail.text)}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
