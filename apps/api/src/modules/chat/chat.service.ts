import {
  type ChatEvent,
  type ChatMessage,
  type ChatPage,
  chatPageSize,
  chatMessages as m,
  type StaffConversation,
  type UserConversation,
} from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import * as repo from './chat.repository.ts';
import type { Audience, ChatNotice } from './chat-hub.ts';
import { CHAT_CHANNEL } from './chat-hub.ts';

/**
 * The chat's rules (issue 16). Only the two parties read or write a conversation: its buyer, and the shop's owner
 * or (support) the administrators. Anyone else gets 404, as if it did not exist. Sellers answer; they never start.
 */

type ChatDeps = Pick<Deps, 'db'>;

/** Who is calling: a signed-in user (bearer), or an administrator through the admin session cookie. */
export interface Viewer {
  userId: number;
  admin: boolean;
}

type Side = 'buyer' | 'seller' | 'admin';

/** The caller's side in a conversation, or 404. */
async function access(deps: ChatDeps, viewer: Viewer, conversationId: number) {
  const conversation = await repo.findConversation(deps.db, conversationId);
  const side = conversation ? sideOf(viewer, conversation) : null;
  if (!conversation || !side) throw new HttpError('NOT_FOUND', m.conversationNotFound);
  return { conversation, side };
}

function sideOf(viewer: Viewer, conversation: repo.ConversationAccessRow): Side | null {
  if (viewer.admin) return conversation.kind === 'support' ? 'admin' : null;
  if (conversation.buyer_id === viewer.userId) return 'buyer';
  if (conversation.kind === 'seller' && conversation.shop_owner_id === viewer.userId) return 'seller';
  return null;
}

function toMessage(row: repo.MessageRow, viewer: Viewer, side: Side): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    buyer_id: row.sender === 'buyer' ? row.buyer_id : null,
    seller_id: row.sender === 'seller' ? row.seller_id : null,
    admin_id: row.sender === 'admin' ? row.sender_user_id : null,
    sender: row.sender,
    sender_name: row.sender_name,
    message: row.deleted ? null : row.body,
    deleted: row.deleted,
    // Administrators share the support side: each deletes only what they wrote.
    mine: row.sender === side && row.sender_user_id === viewer.userId,
    created_on: row.created_on,
  };
}

/** NOTIFY every process: the streams of the buyer, the shop and (support) the administrators hear it. */
async function announce(deps: ChatDeps, conversation: repo.ConversationAccessRow, event: ChatEvent) {
  const notice: ChatNotice = {
    ...event,
    buyer_id: conversation.buyer_id,
    seller_id: conversation.seller_id,
    support: conversation.kind === 'support',
  };
  await repo.notify(deps.db, CHAT_CHANNEL, JSON.stringify(notice));
}

async function append(deps: ChatDeps, viewer: Viewer, conversationId: number, side: Side, text: string) {
  const { messageId, conversation } = await deps.db.transaction(async (tx) => {
    const found = await repo.findConversation(tx, conversationId);
    if (!found) throw new HttpError('NOT_FOUND', m.conversationNotFound);
    const id = await repo.insertMessage(tx, conversationId, side, viewer.userId, text);
    return { messageId: id, conversation: found };
  });
  await announce(deps, conversation, { conversation_id: conversationId, kind: 'message', message_id: messageId });
  const row = await repo.findMessage(deps.db, messageId);
  if (!row) throw new HttpError('NOT_FOUND', m.messageNotFound);
  return { conversation_id: conversationId, chat: toMessage(row, viewer, side) };
}

/** chatseller: a buyer writes to a shop; the conversation is made on the first message. */
export async function sendToSeller(deps: ChatDeps, viewer: Viewer, sellerId: number, text: string) {
  const shop = await repo.findShop(deps.db, sellerId);
  if (shop?.status !== 'approved') throw new HttpError('NOT_FOUND', m.sellerNotFound);
  if (shop.ownerUserId === viewer.userId) throw new HttpError('BUSINESS_RULE', m.ownShop);
  const conversationId = await repo.conversationFor(deps.db, viewer.userId, sellerId);
  return append(deps, viewer, conversationId, 'buyer', text);
}

/** A message in an existing conversation, on the caller's side (chatadmin, a seller's answer, a buyer's reply). */
export async function sendInConversation(deps: ChatDeps, viewer: Viewer, conversationId: number, text: string) {
  const { side } = await access(deps, viewer, conversationId);
  return append(deps, viewer, conversationId, side, text);
}

/** fetchconvo: the buyer's conversation with a shop, if they ever wrote to it (null otherwise). */
export async function sellerConversationId(deps: ChatDeps, viewer: Viewer, sellerId: number) {
  return { conversation_id: await repo.findSellerConversationId(deps.db, viewer.userId, sellerId) };
}

/** getadmin: the buyer's one conversation with Tibay's administrators, made on first use. */
export async function supportConversationId(deps: ChatDeps, viewer: Viewer) {
  return { conversation_id: await repo.conversationFor(deps.db, viewer.userId, null) };
}

/** fetchchat / adminconvo: one page, page 1 the newest. */
export async function messagesPage(
  deps: ChatDeps,
  viewer: Viewer,
  conversationId: number,
  page: number,
): Promise<ChatPage> {
  const { side } = await access(deps, viewer, conversationId);
  const found = await repo.messagesPage(deps.db, conversationId, page, chatPageSize);
  return {
    conversation_id: conversationId,
    page,
    totalPages: Math.max(1, Math.ceil(found.total / chatPageSize)),
    chats: found.messages.map((row) => toMessage(row, viewer, side)),
  };
}

/** deletechat: the author only; the text goes for both sides. Another party's message id is simply not found. */
export async function deleteMessage(deps: ChatDeps, viewer: Viewer, messageId: number) {
  const row = await repo.findMessage(deps.db, messageId);
  if (!row) throw new HttpError('NOT_FOUND', m.messageNotFound);
  const { conversation, side } = await access(deps, viewer, row.conversation_id).catch(() => {
    throw new HttpError('NOT_FOUND', m.messageNotFound);
  });
  if (row.sender !== side || row.sender_user_id !== viewer.userId) {
    throw new HttpError('FORBIDDEN', m.onlyAuthorDeletes);
  }
  if (!row.deleted) {
    await repo.deleteMessageText(deps.db, messageId);
    await announce(deps, conversation, {
      conversation_id: row.conversation_id,
      kind: 'deleted',
      message_id: messageId,
    });
  }
}

/** The caller has seen the conversation: its unread mark goes (and the caller's other open screens hear it). */
export async function markRead(deps: ChatDeps, viewer: Viewer, conversationId: number) {
  const { conversation, side } = await access(deps, viewer, conversationId);
  const changed = await repo.markRead(deps.db, conversationId, side === 'buyer' ? 'buyer' : 'staff');
  if (changed) await announce(deps, conversation, { conversation_id: conversationId, kind: 'read', message_id: null });
}

/** fetchallconvo: the buyer's conversations with sellers. */
export async function buyerConversations(deps: ChatDeps, viewer: Viewer) {
  const found = await repo.buyerConversations(deps.db, viewer.userId);
  const list: UserConversation[] = found.map((row) => ({
    conversation_id: row.conversation_id,
    seller_detail: { id: row.seller_id, name: row.seller_name, seller_logo: row.seller_logo },
    last_updated: row.last_updated,
    last_message: row.last_message,
    unread: row.unread,
  }));
  return { success: true, user_conversations: list };
}

function toStaffConversation(row: repo.StaffConversationRow): StaffConversation {
  return {
    conversation_id: row.conversation_id,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    last_updated: row.last_updated,
    last_message: row.last_message,
    unread: row.unread,
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? '' },
  };
}

/** The seller center's Messages inbox: the conversations of the caller's shops, unread first. */
export async function shopConversations(deps: ChatDeps, viewer: Viewer) {
  const shopIds = await repo.shopIdsOwnedBy(deps.db, viewer.userId);
  const found = shopIds.length === 0 ? [] : await repo.staffConversations(deps.db, { shopIds });
  return { conversations: found.map(toStaffConversation) };
}

/** admin-v2's Support inbox: every buyer's support conversation, unread first. */
export async function supportConversations(deps: ChatDeps) {
  const found = await repo.staffConversations(deps.db, { support: true });
  return { conversations: found.map(toStaffConversation) };
}

/** The header's count: conversations with messages the caller has not read (as a buyer, and for their shops). */
export async function unreadCount(deps: ChatDeps, viewer: Viewer) {
  if (viewer.admin) return { count: await repo.supportUnreadCount(deps.db) };
  const shopIds = await repo.shopIdsOwnedBy(deps.db, viewer.userId);
  return { count: await repo.unreadCount(deps.db, viewer.userId, shopIds) };
}

export async function administrators(deps: ChatDeps) {
  return { admins: await repo.administrators(deps.db) };
}

/** Assigns a support conversation to an administrator (or to nobody). */
export async function assign(deps: ChatDeps, viewer: Viewer, conversationId: number, adminId: number | null) {
  const { conversation } = await access(deps, viewer, conversationId);
  if (adminId !== null) {
    const admins = await repo.administrators(deps.db);
    if (!admins.some((admin) => admin.id === adminId))
      throw new HttpError('VALIDATION', 'Please choose an administrator.');
  }
  await repo.assign(deps.db, conversationId, adminId);
  await announce(deps, conversation, { conversation_id: conversationId, kind: 'assigned', message_id: null });
}

/** What a stream listens for: the caller's own conversations and their shops' (or, for admins, support). */
export async function audiencesOf(deps: ChatDeps, viewer: Viewer): Promise<Audience[]> {
  if (viewer.admin) return ['admins'];
  const shopIds = await repo.shopIdsOwnedBy(deps.db, viewer.userId);
  return [`user:${viewer.userId}`, ...shopIds.map((id) => `shop:${id}` as const)];
}
