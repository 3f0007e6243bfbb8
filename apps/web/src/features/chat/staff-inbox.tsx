import { Badge, Box, Grid, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { StaffConversation } from '@tibay/contract';
import { chatPollMs, chatMessages as m } from '@tibay/contract';
import { type ReactNode, useState } from 'react';
import { type ChatClient, useChatStream, useStaffConversations } from './api.ts';
import { ConversationPane } from './conversation-pane.tsx';
import { relativeLabel } from './message-text.tsx';

/**
 * An inbox for the staff side (the seller center's Messages, admin-v2's Support): the conversations with buyers,
 * unread first, and the chosen one answered in place. `aside` adds controls for the open conversation (assignee).
 */
export function StaffInbox({
  client,
  title,
  empty,
  pollMs = chatPollMs.messages,
  aside,
}: {
  client: ChatClient;
  title: string;
  empty: string;
  pollMs?: number;
  aside?: (conversation: StaffConversation) => ReactNode;
}) {
  const live = useChatStream(client);
  const list = useStaffConversations(client, live);
  const [openId, setOpenId] = useState<number | null>(null);
  const conversations = list.data?.conversations ?? [];
  const open = conversations.find((c) => c.conversation_id === openId) ?? null;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {list.isError ? (
        <Text c="red" role="alert">
          {list.error.message}
        </Text>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" component="nav" aria-label="Conversations">
            {conversations.length === 0 && !list.isPending ? (
              <Text c="dimmed" p="md">
                {empty}
              </Text>
            ) : null}
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {conversations.map((conversation) => (
                <Box component="li" key={conversation.conversation_id}>
                  <UnstyledButton
                    w="100%"
                    p="sm"
                    aria-current={conversation.conversation_id === openId ? 'true' : undefined}
                    bg={conversation.conversation_id === openId ? 'brand.0' : undefined}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                    onClick={() => setOpenId(conversation.conversation_id)}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={conversation.unread ? 800 : 600} size="sm" truncate>
                        {conversation.buyer.name}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {relativeLabel(conversation.last_updated)}
                      </Text>
                    </Group>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="xs" c="dimmed" truncate>
                        {conversation.last_message ?? m.deletedMessage}
                      </Text>
                      {conversation.unread ? (
                        <Badge size="xs" color="brand" variant="filled">
                          New
                        </Badge>
                      ) : null}
                    </Group>
                    {conversation.assignee ? (
                      <Text size="xs" c="dimmed">
                        Assigned to {conversation.assignee.name}
                      </Text>
                    ) : null}
                  </UnstyledButton>
                </Box>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" component="section" aria-label={open ? open.buyer.name : 'Messages'}>
            {open ? (
              <>
                <Group
                  justify="space-between"
                  px="md"
                  py="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <Title order={2} size="h4">
                    {open.buyer.name}
                  </Title>
                  {aside?.(open)}
                </Group>
                <ConversationPane
                  client={client}
                  conversationId={open.conversation_id}
                  title={open.buyer.name}
                  live={live}
                  pollMs={pollMs}
                  height="min(60vh, 560px)"
                />
              </>
            ) : (
              <Text c="dimmed" ta="center" py={80}>
                Choose a conversation.
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
