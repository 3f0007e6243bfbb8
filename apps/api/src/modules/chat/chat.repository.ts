import type { ChatSender } from '@tibay/contract';
import { and, eq, sql } from 'drizzle-orm';
import { chatConversations, chatMessagesTable, sellerCompanies, users } from '../../db/schema/index.ts';
import { type Conn, intArray, rows } from '../../db/sql.ts';

/** The chat's SQL (issue 16). Times leave as ISO strings from PostgreSQL so both drivers agree. */

export type ConversationRow = typeof chatConversations.$inferSelect;

/** A conversation with the owner of its shop (null for support): what access checks need. */
export interface ConversationAccessRow {
  id: number;
  kind: 'seller' | 'support';
  buyer_id: number;
  seller_id: number | null;
  shop_owner_id: number | null;
}

export async function findConversation(db: Conn, id: number): Promise<ConversationAccessRow | null> {
  const [row] = await rows<ConversationAccessRow>(
    db,
    sql`select c.id, c.kind, c.buyer_id, c.seller_id, s.owner_user_id as shop_owner_id
        from chat_conversations c left join seller_companies s on s.id = c.seller_id
        where c.id = ${id}`,
  );
  return row ?? null;
}

export async function findShop(db: Conn, sellerId: number) {
  const [row] = await db
    .select({ id: sellerCompanies.id, ownerUserId: sellerCompanies.ownerUserId, status: sellerCompanies.status })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.id, sellerId));
  return row ?? null;
}

/** The shops a user owns (a seller account usually has one). */
export async function shopIdsOwnedBy(db: Conn, userId: number): Promise<number[]> {
  const found = await db
    .select({ id: sellerCompanies.id })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.ownerUserId, userId));
  return found.map((row) => row.id);
}

export async function findSellerConversationId(db: Conn, buyerId: number, sellerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.kind, 'seller'),
        eq(chatConversations.buyerId, buyerId),
        eq(chatConversations.sellerId, sellerId),
      ),
    );
  return row?.id ?? null;
}

/** The buyer's conversation with a shop or with support, made on first use (two racing calls get the same one). */
export async function conversationFor(db: Conn, buyerId: number, sellerId: number | null): Promise<number> {
  const kind = sellerId === null ? 'support' : 'seller';
  const inserted = await rows<{ id: number }>(
    db,
    sql`insert into chat_conversations (kind, buyer_id, seller_id) values (${kind}, ${buyerId}, ${sellerId})
        on conflict do nothing returning id`,
  );
  if (inserted[0]) return inserted[0].id;
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from chat_conversations
        where kind = ${kind} and buyer_id = ${buyerId} and seller_id is not distinct from ${sellerId}`,
  );
  if (!row) throw new Error('chat: the conversation vanished while it was made');
  return row.id;
}

/** Appends a message; the conversation moves to the top and the writer's side has read everything. */
export async function insertMessage(
  db: Conn,
  conversationId: number,
  sender: ChatSender,
  senderUserId: number,
  body: string,
): Promise<number> {
  const [row] = await db
    .insert(chatMessagesTable)
    .values({ conversationId, sender, senderUserId, body })
    .returning({ id: chatMessagesTable.id, createdAt: chatMessagesTable.createdAt });
  if (!row) throw new Error('chat: the message was not stored');
  const readColumn = sender === 'buyer' ? { buyerReadAt: row.createdAt } : { staffReadAt: row.createdAt };
  await db
    .update(chatConversations)
    .set({ lastMessageAt: row.createdAt, lastSender: sender, ...readColumn })
    .where(eq(chatConversations.id, conversationId));
  return row.id;
}

/** A message as the API shows it, before `mine` is decided for the caller. */
export interface MessageRow {
  id: number;
  conversation_id: number;
  sender: ChatSender;
  sender_user_id: number;
  buyer_id: number;
  seller_id: number | null;
  sender_name: string;
  body: string | null;
  deleted: boolean;
  created_on: string;
}

function messageSelect() {
  return sql`select m.id, m.conversation_id, m.sender, m.sender_user_id, c.buyer_id, c.seller_id,
               case m.sender when 'buyer' then trim(u.first_name || ' ' || u.last_name)
                             when 'seller' then coalesce(s.name, 'Seller')
                             else 'Tibay Support' end as sender_name,
               m.body, (m.deleted_at is not null) as deleted,
               to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_on
             from chat_messages m
             join chat_conversations c on c.id = m.conversation_id
             join users u on u.id = m.sender_user_id
             left join seller_companies s on s.id = c.seller_id`;
}

export async function findMessage(db: Conn, id: number): Promise<MessageRow | null> {
  const [row] = await rows<MessageRow>(db, sql`${messageSelect()} where m.id = ${id}`);
  return row ?? null;
}

/** One page of a conversation, page 1 the newest, each page oldest first; and how many pages there are. */
export async function messagesPage(db: Conn, conversationId: number, page: number, pageSize: number) {
  const [count] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from chat_messages where conversation_id = ${conversationId}`,
  );
  const found = await rows<MessageRow>(
    db,
    sql`${messageSelect()} where m.conversation_id = ${conversationId}
        order by m.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { total: count?.total ?? 0, messages: found.reverse() };
}

/** Removes the text for both sides; the row stays so the pages keep their order. */
export async function deleteMessageText(db: Conn, id: number): Promise<void> {
  await db.update(chatMessagesTable).set({ body: null, deletedAt: sql`now()` }).where(eq(chatMessagesTable.id, id));
}

/** Marks the conversation read by a side; false when it already was (nothing changed). */
export async function markRead(db: Conn, conversationId: number, side: 'buyer' | 'staff'): Promise<boolean> {
  const column = side === 'buyer' ? sql.raw('buyer_read_at') : sql.raw('staff_read_at');
  const changed = await rows<{ id: number }>(
    db,
    sql`update chat_conversations set ${column} = now()
        where id = ${conversationId} and coalesce(${column}, '-infinity') < last_message_at returning id`,
  );
  return changed.length > 0;
}

/** A side has unread messages when the other side wrote last, after this side last read. */
const buyerUnread = sql`(c.last_sender is not null and c.last_sender <> 'buyer'
                         and c.last_message_at > coalesce(c.buyer_read_at, '-infinity'))`;
const staffUnread = sql`(c.last_sender = 'buyer' and c.last_message_at > coalesce(c.staff_read_at, '-infinity'))`;
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const lastText = sql`(select case when m.deleted_at is null then m.body end from chat_messages m
                      where m.conversation_id = c.id order by m.id desc limit 1)`;

export interface BuyerConversationRow {
  conversation_id: number;
  seller_id: number;
  seller_name: string;
  seller_logo: string | null;
  last_updated: string;
  last_message: string | null;
  unread: boolean;
}

/** The buyer's conversations with shops that have a message, the most recent first. */
export async function buyerConversations(db: Conn, buyerId: number): Promise<BuyerConversationRow[]> {
  return rows<BuyerConversationRow>(
    db,
    sql`select c.id as conversation_id, s.id as seller_id, s.name as seller_name, s.logo_url as seller_logo,
               ${iso('c.last_message_at')} as last_updated, ${lastText} as last_message, ${buyerUnread} as unread
        from chat_conversations c join seller_companies s on s.id = c.seller_id
        where c.kind = 'seller' and c.buyer_id = ${buyerId} and c.last_sender is not null
        order by c.last_message_at desc, c.id desc`,
  );
}

export interface StaffConversationRow {
  conversation_id: number;
  buyer_id: number;
  buyer_name: string;
  last_updated: string;
  last_message: string | null;
  unread: boolean;
  assignee_id: number | null;
  assignee_name: string | null;
}

/** The staff side's conversations (some shops' or all support), unread first, then the most recent. */
export async function staffConversations(
  db: Conn,
  scope: { shopIds: number[] } | { support: true },
): Promise<StaffConversationRow[]> {
  const where =
    'shopIds' in scope
      ? sql`c.kind = 'seller' and c.seller_id = any(${intArray(scope.shopIds)})`
      : sql`c.kind = 'support'`;
  return rows<StaffConversationRow>(
    db,
    sql`select c.id as conversation_id, b.id as buyer_id, trim(b.first_name || ' ' || b.last_name) as buyer_name,
               ${iso('c.last_message_at')} as last_updated, ${lastText} as last_message, ${staffUnread} as unread,
               a.id as assignee_id, trim(a.first_name || ' ' || a.last_name) as assignee_name
        from chat_conversations c join users b on b.id = c.buyer_id left join users a on a.id = c.assigned_admin_id
        where ${where} and c.last_sender is not null
        order by ${staffUnread} desc, c.last_message_at desc, c.id desc
        limit 500`,
  );
}

/** How many conversations hold messages the user has not read: as a buyer, and as the owner of shops. */
export async function unreadCount(db: Conn, userId: number, shopIds: number[]): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql`select count(*)::int as count from chat_conversations c
        where (c.buyer_id = ${userId} and ${buyerUnread})
           or (c.kind = 'seller' and c.seller_id = any(${intArray(shopIds)}) and ${staffUnread})`,
  );
  return row?.count ?? 0;
}

export async function supportUnreadCount(db: Conn): Promise<number> {
  const [row] = await rows<{ count: number }>(
    db,
    sql`select count(*)::int as count from chat_conversations c where c.kind = 'support' and ${staffUnread}`,
  );
  return row?.count ?? 0;
}

export async function administrators(db: Conn) {
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.firstName, users.id);
  return found.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }));
}

export async function assign(db: Conn, conversationId: number, adminId: number | null): Promise<void> {
  await db.update(chatConversations).set({ assignedAdminId: adminId }).where(eq(chatConversations.id, conversationId));
}

/** NOTIFY: delivered to every listening process when the surrounding transaction commits. */
export async function notify(db: Conn, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
