import { StaffInbox, sellerChat } from '../chat/index.ts';
import { useSellerToken } from './seller-session.ts';

/** The seller center's Messages inbox (issue 16): the shop's conversations with buyers, unread first. */
export default function SellerMessagesPage() {
  const token = useSellerToken();
  return (
    <StaffInbox
      client={sellerChat(token)}
      title="Messages"
      empty="No messages yet. Buyers' questions to your shop appear here."
    />
  );
}
