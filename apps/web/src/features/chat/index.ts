/** What other parts of the web app use from chat: the header's and sidebar's unread count, the support panel, the
 * guests' log-in dialog, and the staff inboxes of the seller center and admin-v2. */
export { adminChat, sellerChat, useAssign, useChatAdmins } from './api.ts';
export { ChatUnreadButton, useChatUnread } from './chat-unread.tsx';
export { LoginFirstDialog } from './login-first-dialog.tsx';
export { StaffInbox } from './staff-inbox.tsx';
export { default as SupportChat } from './support-chat.tsx';
