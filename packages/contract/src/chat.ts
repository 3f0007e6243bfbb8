import { z } from 'zod';

/**
 * Chat (issue 16; spec 2 "Chat with sellers", "Admin chat widget", §3 Chat message/Conversation, §5 Chat, §7 Chat):
 * a buyer's conversations with sellers and the one conversation with Tibay's administrators (support).
 * Field names follow the spec's (conversation_id, user_conversations, seller_detail, last_updated, chats,
 * totalPages, buyer_id, seller_id, admin_id, message, created_on).
 */

/** Words of the chat: the spec's where it has them, ours where it is silent. */
export const chatMessages = {
  empty: 'Start a chat to get started!',
  loginFirst: 'You need to log in first. Do you want to proceed to the login page?',
  deleteConversation: 'Delete Conversation',
  seeMore: 'See More',
  previousPage: 'Previous Page',
  messageRequired: 'Please type a message.',
  messageTooLong: 'A message can have at most 2,000 characters.',
  tooFast: 'You are sending messages too fast. Please wait a moment and try again.',
  conversationNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  onlyAuthorDeletes: 'Only the author can delete a message.',
  sellerNotFound: 'Seller not found.',
  ownShop: 'You cannot message your own shop.',
  deletedMessage: 'This message was deleted.',
  tooManyStreams: 'Too many chat windows are open. Please close some and try again.',
} as const;

export const chatMessageMaxLength = 2000;
export const chatPageSize = 20;
/** Messages one account may send a minute (over every chat): far above a person typing, far below a flood. */
export const chatSendLimit = { max: 30, windowMs: 60_000 } as const;
/** The spec's polling intervals (§9): the fallback when the live stream cannot connect. */
export const chatPollMs = { list: 4000, messages: 5000, support: 2000 } as const;

/** A message to send: plain text, not only whitespace, at most 2,000 characters. */
export const chatMessageText = z
  .string({ error: chatMessages.messageRequired })
  .refine((text) => text.trim().length > 0, { message: chatMessages.messageRequired })
  .refine((text) => text.length <= chatMessageMaxLength, { message: chatMessages.messageTooLong });

export const chatSendInput = z.object({ message: chatMessageText });
export type ChatSendInput = z.infer<typeof chatSendInput>;

export const chatSenders = ['buyer', 'seller', 'admin'] as const;
export type ChatSender = (typeof chatSenders)[number];

/** A chat message (spec 2 §3): buyer_id on the buyer's messages, seller_id or admin_id on the other side's. */
export const chatMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  buyer_id: z.number().int().nullable(),
  seller_id: z.number().int().nullable(),
  admin_id: z.number().int().nullable(),
  sender: z.enum(chatSenders),
  sender_name: z.string(),
  /** Null once deleted: the text is gone for both sides. */
  message: z.string().nullable(),
  deleted: z.boolean(),
  /** Whether the caller wrote it (the caller may delete it). */
  mine: z.boolean(),
  created_on: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** fetchchat / adminconvo (spec 2 §7): page 1 is the newest; chats oldest first within the page. */
export const chatPage = z.object({
  conversation_id: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  chats: z.array(chatMessage),
});
export type ChatPage = z.infer<typeof chatPage>;

export const chatPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const conversationIdResponse = z.object({ conversation_id: z.number().int().nullable() });
export type ConversationIdResponse = z.infer<typeof conversationIdResponse>;

export const chatSent = z.object({ conversation_id: z.number().int(), chat: chatMessage });
export type ChatSent = z.infer<typeof chatSent>;

/** A buyer's conversation with a seller (fetchallconvo's user_conversations). */
export const userConversation = z.object({
  conversation_id: z.number().int(),
  seller_detail: z.object({ id: z.number().int(), name: z.string(), seller_logo: z.string().nullable() }),
  last_updated: z.string(),
  last_message: z.string().nullable(),
  unread: z.boolean(),
});
export type UserConversation = z.infer<typeof userConversation>;

export const userConversationList = z.object({
  success: z.boolean(),
  user_conversations: z.array(userConversation),
});
export type UserConversationList = z.infer<typeof userConversationList>;

/** A conversation as the staff side (a shop or the administrators) sees it: the buyer's name, unread first. */
export const staffConversation = z.object({
  conversation_id: z.number().int(),
  buyer: z.object({ id: z.number().int(), name: z.string() }),
  last_updated: z.string(),
  last_message: z.string().nullable(),
  unread: z.boolean(),
  /** Support conversations only: the administrator it is assigned to. */
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type StaffConversation = z.infer<typeof staffConversation>;

export const staffConversationList = z.object({ conversations: z.array(staffConversation) });
export type StaffConversationList = z.infer<typeof staffConversationList>;

export const chatUnread = z.object({ count: z.number().int() });
export type ChatUnread = z.infer<typeof chatUnread>;

export const chatAdmin = z.object({ id: z.number().int(), name: z.string() });
export const chatAdminList = z.object({ admins: z.array(chatAdmin) });
export type ChatAdminList = z.infer<typeof chatAdminList>;

export const assignInput = z.object({ admin_id: z.number().int().positive().max(2_147_483_647).nullable() });
export type AssignInput = z.infer<typeof assignInput>;

/** What the live stream sends: a conversation changed (new or deleted message); the client refetches it. */
export const chatEvent = z.object({
  conversation_id: z.number().int(),
  kind: z.enum(['message', 'deleted', 'read', 'assigned']),
  message_id: z.number().int().nullable(),
});
export type ChatEvent = z.infer<typeof chatEvent>;
