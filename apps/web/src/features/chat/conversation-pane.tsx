import { ActionIcon, Box, Button, Divider, Group, Loader, Menu, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconDots, IconSend, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChatMessage, chatMessageMaxLength, chatMessages as m } from '@tibay/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { type ChatClient, chatKeys, markRead, useDeleteMessage, useMessagesPage, useSendMessage } from './api.ts';
import { dayLabel, MessageText, timeLabel } from './message-text.tsx';

/**
 * One conversation: the message log (page 1 the newest; See More goes back in time, Previous Page forward), a
 * date banner per day (Asia/Manila), and the composer (Enter sends, Shift+Enter a new line). As the spec says, a
 * message with a buyer_id shows on the left, the other side's on the right. The author deletes a message through
 * its context menu (right click, or its options button).
 */
export function ConversationPane({
  client,
  conversationId,
  title,
  live,
  pollMs,
  height = 420,
  sendFirst,
}: {
  client: ChatClient;
  conversationId: number | null;
  title: string;
  live: boolean;
  pollMs: number;
  height?: number | string;
  /** For a conversation that does not exist yet (a buyer's first message to a shop). */
  sendFirst?: (message: string) => Promise<unknown>;
}) {
  const [page, setPage] = useState(1);
  const messages = useMessagesPage(client, conversationId, page, live, pollMs);
  const send = useSendMessage(client);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new conversation starts at its newest page
  useEffect(() => setPage(1), [conversationId]);

  const chats = messages.data?.chats ?? [];
  const newest = page === 1 ? chats.at(-1) : undefined;
  const lastId = newest?.id ?? 0;
  // Seen: the newest page is on screen. Scroll to its end and clear the unread mark (one's own message left none).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest message is the trigger
  useEffect(() => {
    if (!lastId || conversationId === null) return;
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
    if (newest?.mine) return;
    markRead(client, conversationId)
      .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.lists(client.side) }))
      .catch((failure) => console.warn('chat read:', failure));
  }, [lastId, conversationId]);

  const submit = async () => {
    const text = draft;
    // Empty or whitespace-only messages are not sent (spec 2 §5).
    if (!text.trim()) return;
    if (text.length > chatMessageMaxLength) {
      setError(m.messageTooLong);
      return;
    }
    setSending(true);
    setError(null);
    try {
      if (conversationId === null) await sendFirst?.(text);
      else await send.mutateAsync({ conversationId, message: text });
      setDraft('');
      setPage(1);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : m.tooFast);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const totalPages = messages.data?.totalPages ?? 1;
  return (
    <Stack gap={0} h={height} style={{ minHeight: 0 }}>
      <Box
        ref={logRef}
        role="log"
        aria-label={`Messages with ${title}`}
        aria-live="polite"
        tabIndex={0}
        p="sm"
        style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
        bg="gray.0"
      >
        {page < totalPages ? (
          <Group justify="center" mb="xs">
            <Button size="xs" variant="light" onClick={() => setPage(page + 1)}>
              {m.seeMore}
            </Button>
          </Group>
        ) : null}
        {conversationId !== null && messages.isPending ? <Loader size="sm" aria-label="Loading..." /> : null}
        {!messages.isPending && chats.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {m.empty}
          </Text>
        ) : null}
        {conversationId === null && sendFirst ? (
          <Text c="dimmed" ta="center" py="xl">
            {m.empty}
          </Text>
        ) : null}
        <Stack gap={6}>
          {chats.map((chat, index) => (
            <Box key={chat.id}>
              {index === 0 || dayLabel(chats[index - 1]!.created_on) !== dayLabel(chat.created_on) ? (
                <Divider my="xs" label={dayLabel(chat.created_on)} labelPosition="center" role="separator" />
              ) : null}
              <MessageBubble chat={chat} client={client} />
            </Box>
          ))}
        </Stack>
        {page > 1 ? (
          <Group justify="center" mt="xs">
            <Button size="xs" variant="light" onClick={() => setPage(page - 1)}>
              {m.previousPage}
            </Button>
          </Group>
        ) : null}
      </Box>
      <Box
        component="form"
        p="sm"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            label="Message"
            placeholder="Type a message"
            autosize
            minRows={1}
            maxRows={4}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            error={error}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
            Send
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}

function MessageBubble({ chat, client }: { chat: ChatMessage; client: ChatClient }) {
  const remove = useDeleteMessage(client);
  const [menu, setMenu] = useState(false);
  // Spec 2: a message with a buyer_id shows on the left, otherwise on the right.
  const left = chat.buyer_id !== null;
  const canDelete = chat.mine && !chat.deleted;
  const deleteIt = () => remove.mutate(chat, { onError: (failure) => toast((failure as Error).message, 'error') });
  return (
    <Group justify={left ? 'flex-start' : 'flex-end'} gap={4} wrap="nowrap" align="flex-start">
      <Menu opened={menu} onChange={setMenu} position={left ? 'bottom-start' : 'bottom-end'} withinPortal>
        <Menu.Target>
          <Paper
            component="article"
            aria-label={`${chat.sender_name}, ${timeLabel(chat.created_on)}`}
            px="sm"
            py={6}
            radius="md"
            maw="80%"
            bg={left ? 'white' : 'brand.0'}
            withBorder
            onContextMenu={(event) => {
              if (!canDelete) return;
              event.preventDefault();
              setMenu(true);
            }}
          >
            <Text size="xs" fw={700} c="dimmed">
              {chat.sender_name}
            </Text>
            {chat.deleted ? (
              <Text size="sm" fs="italic" c="dimmed">
                {m.deletedMessage}
              </Text>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <MessageText text={chat.message ?? ''} />
              </Text>
            )}
            <Text size="xs" c="dimmed" ta="right">
              {timeLabel(chat.created_on)}
            </Text>
          </Paper>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={deleteIt}>
            {m.deleteConversation}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canDelete ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Message options"
          onClick={() => setMenu((open) => !open)}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
