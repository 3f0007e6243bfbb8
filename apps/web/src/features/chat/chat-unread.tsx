import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { buyerChat, useChatStream, useUnreadCount } from './api.ts';

/** Conversations with messages the signed-in buyer has not read (0 for guests); live while the stream is open. */
export function useChatUnread(): number {
  const signedIn = Boolean(useSession().token);
  const live = useChatStream(buyerChat, signedIn);
  const unread = useUnreadCount(buyerChat, signedIn, live);
  return signedIn ? (unread.data?.count ?? 0) : 0;
}

/** The header's Messages button (/ChatSeller) with the unread count. */
export function ChatUnreadButton() {
  const count = useChatUnread();
  const label = count > 0 ? `Messages, ${count} unread` : 'Messages';
  return (
    <Indicator label={count > 99 ? '99+' : count} size={18} color="brand" offset={4} inline disabled={count === 0}>
      <ActionIcon component={Link} to="/ChatSeller" variant="subtle" color="gray.0" size={42} aria-label={label}>
        <IconMessages size={26} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
