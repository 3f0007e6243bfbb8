import { chatSenders } from '@tibay/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { sellerCompanies } from './sellers.ts';

/** 'seller': a buyer with a shop; 'support': a buyer with Tibay's administrators (one per buyer). */
export const chatKind = pgEnum('chat_kind', ['seller', 'support']);
export const chatSender = pgEnum('chat_sender', chatSenders);

/**
 * One conversation (issue 16): a buyer with a shop, or a buyer with support. last_message_at orders the lists and
 * decides unread: a side has unread messages when the last message is newer than the time it last read.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    kind: chatKind('kind').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The shop, for kind 'seller'; null for support. */
    sellerId: integer('seller_id').references(() => sellerCompanies.id, { onDelete: 'cascade' }),
    /** Support only: the administrator the conversation is assigned to. */
    assignedAdminId: integer('assigned_admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who wrote last: a side's own last message is never unread to it. */
    lastSender: chatSender('last_sender'),
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true }),
    /** The shop's or the administrators' side. */
    staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_conversations_buyer_seller_unique').on(t.buyerId, t.sellerId).where(sql`${t.kind} = 'seller'`),
    uniqueIndex('chat_conversations_buyer_support_unique').on(t.buyerId).where(sql`${t.kind} = 'support'`),
    index('chat_conversations_seller_idx').on(t.sellerId, t.lastMessageAt),
    index('chat_conversations_kind_idx').on(t.kind, t.lastMessageAt),
    check('chat_conversations_seller_kind', sql`(${t.kind} = 'seller') = (${t.sellerId} is not null)`),
  ],
);

/** A message. Deleting keeps the row (the page order and counts stay) and removes the text for both sides. */
export const chatMessagesTable = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    sender: chatSender('sender').notNull(),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);
