import type {
  assignInput,
  chatAdminList,
  chatPage,
  chatPageQuery,
  chatSendInput,
  chatSent,
  chatUnread,
  conversationIdResponse,
  staffConversationList,
  userConversationList,
} from '@tibay/contract';
import { defineEndpoint, noContent, schema } from '../endpoint.ts';

/** The chat (issue 16): the buyer's and the seller's routes under /chat (each with its own token). */
export const conversations = defineEndpoint({
  method: 'GET',
  path: '/chat/conversations',
  response: schema<typeof userConversationList>(),
});
export const sellerConversation = defineEndpoint({
  method: 'GET',
  path: '/chat/sellers/:sellerId/conversation',
  response: schema<typeof conversationIdResponse>(),
});
export const sendToSeller = defineEndpoint({
  method: 'POST',
  path: '/chat/sellers/:sellerId/messages',
  body: schema<typeof chatSendInput>(),
  response: schema<typeof chatSent>(),
});
export const support = defineEndpoint({
  method: 'GET',
  path: '/chat/support',
  response: schema<typeof conversationIdResponse>(),
});
export const messages = defineEndpoint({
  method: 'GET',
  path: '/chat/conversations/:id/messages',
  query: schema<typeof chatPageQuery>(),
  response: schema<typeof chatPage>(),
});
export const send = defineEndpoint({
  method: 'POST',
  path: '/chat/conversations/:id/messages',
  body: schema<typeof chatSendInput>(),
  response: schema<typeof chatSent>(),
});
export const markRead = defineEndpoint({ method: 'POST', path: '/chat/conversations/:id/read', response: noContent });
export const deleteMessage = defineEndpoint({ method: 'DELETE', path: '/chat/messages/:id', response: noContent });
export const unread = defineEndpoint({ method: 'GET', path: '/chat/unread', response: schema<typeof chatUnread>() });
export const shopConversations = defineEndpoint({
  method: 'GET',
  path: '/chat/shop/conversations',
  response: schema<typeof staffConversationList>(),
});

/** Admin-v2's support side under /admin/chat (the admin cookie session and CSRF header). */
export const adminConversations = defineEndpoint({
  method: 'GET',
  path: '/admin/chat/conversations',
  response: schema<typeof staffConversationList>(),
});
export const admins = defineEndpoint({
  method: 'GET',
  path: '/admin/chat/admins',
  response: schema<typeof chatAdminList>(),
});
export const adminMessages = defineEndpoint({
  method: 'GET',
  path: '/admin/chat/conversations/:id/messages',
  query: schema<typeof chatPageQuery>(),
  response: schema<typeof chatPage>(),
});
export const adminSend = defineEndpoint({
  method: 'POST',
  path: '/admin/chat/conversations/:id/messages',
  body: schema<typeof chatSendInput>(),
  response: schema<typeof chatSent>(),
});
export const adminMarkRead = defineEndpoint({
  method: 'POST',
  path: '/admin/chat/conversations/:id/read',
  response: noContent,
});
export const assign = defineEndpoint({
  method: 'PUT',
  path: '/admin/chat/conversations/:id/assignee',
  body: schema<typeof assignInput>(),
  response: noContent,
});
export const adminDeleteMessage = defineEndpoint({
  method: 'DELETE',
  path: '/admin/chat/messages/:id',
  response: noContent,
});
export const adminUnread = defineEndpoint({
  method: 'GET',
  path: '/admin/chat/unread',
  response: schema<typeof chatUnread>(),
});
