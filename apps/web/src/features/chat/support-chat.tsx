import { Button, Loader, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { chatPollMs } from '@tibay/contract';
import { Link } from 'react-router';
import { buyerChat, useChatStream, useSupportConversationId } from './api.ts';
import { ConversationPane } from './conversation-pane.tsx';

/**
 * The bubble's panel for a signed-in buyer (spec 2 "Admin chat widget"): a single conversation with Tibay's
 * administrators, live, polling every 2 s while the stream cannot connect.
 */
export default function SupportChat() {
  const live = useChatStream(buyerChat);
  const support = useSupportConversationId(true);
  return (
    <Stack gap={0}>
      {support.data ? (
        <ConversationPane
          client={buyerChat}
          conversationId={support.data.conversation_id}
          title="Tibay Support"
          live={live}
          pollMs={chatPollMs.support}
          height={360}
        />
      ) : (
        <Loader size="sm" m="md" aria-label="Loading..." />
      )}
      <Button
        component={Link}
        to="/ChatSeller"
        variant="subtle"
        radius={0}
        leftSection={<IconMessages size={18} aria-hidden />}
        fullWidth
      >
        Chat with sellers
      </Button>
    </Stack>
  );
}
