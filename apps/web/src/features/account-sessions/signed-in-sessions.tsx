import { Alert, Badge, Button, Flex, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import type { SignedInSession } from '@tibay/contract';
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/order-format.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useEndSessions, useSignedInSessions } from './api.ts';

/**
 * The account's signed-in devices (decision 0017): each browser signed in, where and when it was last used, with
 * END SESSION for any of them and END ALL OTHER SESSIONS. A self-contained section, so the profile page can host it.
 */
export function SignedInSessions() {
  const session = useSession();
  const headingId = useId();
  const sessions = useSignedInSessions(session.token);
  const endSessions = useEndSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current);

  const end = (item: SignedInSession | null) =>
    endSessions.mutate(item?.id ?? null, {
      onSuccess: (result) => toast(result.message, 'success'),
      onError: (error) => toast(error.message, 'error'),
      onSettled: () => setConfirmOthers(false),
    });

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} fz={{ base: 18, sm: 20 }} tt="uppercase" mb={4}>
        Signed-in devices
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Every browser signed in to your account. End any session you do not recognise; it is signed out at once.
      </Text>
      {sessions.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading sessions">
          <Skeleton h={72} />
          <Skeleton h={72} />
        </Stack>
      ) : sessions.isError ? (
        <Alert color="red" role="alert">
          {sessions.error.message}
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Paper component="li" withBorder radius="md" p="sm" key={item.id}>
              <Flex
                direction={{ base: 'column', sm: 'row' }}
                justify="space-between"
                align={{ base: 'flex-start', sm: 'center' }}
                gap="sm"
              >
                <Group wrap="nowrap" gap="sm" miw={0}>
                  {item.device.includes('mobile') || item.device.includes('tablet') ? (
                    <IconDeviceMobile size={28} aria-hidden style={{ flexShrink: 0 }} />
                  ) : (
                    <IconDeviceDesktop size={28} aria-hidden style={{ flexShrink: 0 }} />
                  )}
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text fw={700}>{item.browser}</Text>
                      {item.current && (
                        <Badge color="green" variant="light">
                          This device
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm">{item.device}</Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Last used {formatDateTime(item.lastUsedAt)}
                      {item.ip ? ` · ${item.ip}` : ''}
                    </Text>
                  </div>
                </Group>
                {!item.current && (
                  <Button
                    variant="outline"
                    color="red"
                    size="xs"
                    style={{ flexShrink: 0 }}
                    ml={{ base: 40, sm: 0 }}
                    aria-label={`End session: ${item.browser} on ${item.device}`}
                    loading={endSessions.isPending && endSessions.variables === item.id}
                    onClick={() => end(item)}
                  >
                    END SESSION
                  </Button>
                )}
              </Flex>
            </Paper>
          ))}
        </Stack>
      )}
      {others.length > 0 && (
        <Button mt="md" color="red" variant="light" onClick={() => setConfirmOthers(true)}>
          END ALL OTHER SESSIONS
        </Button>
      )}
      {sessions.isSuccess && others.length === 0 && (
        <Text size="sm" mt="md">
          No other device is signed in.
        </Text>
      )}
      <Modal opened={confirmOthers} onClose={() => setConfirmOthers(false)} title="End all other sessions?" centered>
        <Text mb="md">
          {others.length === 1 ? 'One other device' : `${others.length} other devices`} will be signed out. This device
          stays signed in.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmOthers(false)}>
            CANCEL
          </Button>
          <Button
            color="red"
            loading={endSessions.isPending && endSessions.variables === null}
            onClick={() => end(null)}
          >
            END SESSIONS
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
