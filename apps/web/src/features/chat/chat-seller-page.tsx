import { Avatar, Badge, Box, Container, Grid, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { chatPollMs, chatMessages as m } from '@tibay/contract';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import {
  buyerChat,
  useBuyerConversations,
  useChatStream,
  useSellerConversationId,
  useSendToSeller,
  useShopName,
} from './api.ts';
import { ConversationPane } from './conversation-pane.tsx';
import { LoginFirstDialog } from './login-first-dialog.tsx';
import { relativeLabel } from './message-text.tsx';

/**
 * /ChatSeller (spec 2 "Chat with sellers"): the buyer's conversations on the left (seller logo and name, the time of
 * last_updated shown relative), the message pane on the right. ?seller={id} opens the conversation with that shop
 * (the shop's Message button, an order's Message seller), a new one if the buyer never wrote to it.
 */
export default function ChatSellerPage() {
  const session = useSession();
  const signedIn = Boolean(session.token);
  const [params, setParams] = useSearchParams();
  const live = useChatStream(buyerChat, signedIn);
  const list = useBuyerConversations(live);
  const raw = Number(params.get('seller'));
  const sellerId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const known = list.data?.user_conversations.find((c) => c.seller_detail.id === sellerId);
  const found = useSellerConversationId(signedIn && sellerId !== null && !known ? sellerId : null);
  const shop = useShopName(sellerId, signedIn && sellerId !== null && !known);
  const sendToSeller = useSendToSeller();

  if (!signedIn) return <LoginFirstDialog />;

  const conversations = list.data?.user_conversations ?? [];
  const conversationId = known?.conversation_id ?? found.data?.conversation_id ?? null;
  const sellerName = known?.seller_detail.name ?? shop.data?.seller_company.seller_name ?? 'Seller';

  const noConversations = conversations.length === 0 && !list.isPending;
  return (
    <Container size="xl" py="lg">
      <Title order={1} size="h2" mb="md">
        Chat with sellers
      </Title>
      <Grid gap="md">
        {/* With no conversation yet the list is left out: the pane says 'Start a chat to get started!' once. */}
        <Grid.Col span={{ base: 12, md: 4 }} display={noConversations ? 'none' : undefined}>
          <Paper withBorder radius="md" p={0} component="nav" aria-label="Conversations">
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {conversations.map((conversation) => {
                const selected = conversation.seller_detail.id === sellerId;
                return (
                  <Box component="li" key={conversation.conversation_id}>
                    <UnstyledButton
                      w="100%"
                      p="sm"
                      aria-current={selected ? 'true' : undefined}
                      bg={selected ? 'brand.0' : undefined}
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                      onClick={() => setParams({ seller: String(conversation.seller_detail.id) })}
                    >
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={conversation.seller_detail.seller_logo} alt="" radius="xl">
                          {conversation.seller_detail.name.slice(0, 1)}
                        </Avatar>
                        <Box style={{ flex: 1, minWidth: 0 }}>
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <Text fw={700} size="sm" truncate>
                              {conversation.seller_detail.name}
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
                        </Box>
                      </Group>
                    </UnstyledButton>
                  </Box>
                );
              })}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: noConversations ? 12 : 8 }}>
          <Paper withBorder radius="md" p={0} component="section" aria-label={sellerId ? sellerName : 'Messages'}>
            {sellerId === null ? (
              <Text c="dimmed" ta="center" py={80}>
                {m.empty}
              </Text>
            ) : (
              <>
                <Title
                  order={2}
                  size="h4"
                  px="md"
                  py="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                >
                  {sellerName}
                </Title>
                <ConversationPane
                  client={buyerChat}
                  conversationId={conversationId}
                  title={sellerName}
                  live={live}
                  pollMs={chatPollMs.messages}
                  height="min(60vh, 560px)"
                  sendFirst={(message) => sendToSeller.mutateAsync({ sellerId, message })}
                />
              </>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
