import { and, eq, sql } from 'drizzle-orm';
import { preparedRows } from '../../db/prepared.ts';
import { checkouts, payments } from '../../db/schema/index.ts';
import { type Conn, intArray, rows } from '../../db/sql.ts';
import { type Mail, queueMail } from '../../plugins/mailer.ts';

/** One cart line chosen for checkout, with its leaf product and seller as they are now. */
export interface LineRow {
  cart_item_id: number;
  quantity: number;
  /** The cart's checkbox: only marked lines are checked out. */
  marked: boolean;
  product_id: number;
  root_product_id: number;
  depth: number;
  product_name: string;
  variation_name: string | null;
  sub_variation_name: string | null;
  unit_price: number;
  /** The product's selling unit (bag, piece ...). */
  selling_unit: string;
  stock: number;
  weight_grams: number;
  is_big_item: boolean;
  active: boolean;
  photo: string | null;
  seller_id: number;
  seller_name: string;
  seller_address: string;
  seller_status: string;
  latitude: number;
  longitude: number;
  shipping_computation: string;
  small_item_fee_fixed: number;
  big_item_fee_fixed: number;
  small_item_fee_per_km: number;
  big_item_fee_per_km: number;
}

/**
 * The customer's own cart lines among `ids` (another customer's lines are simply not found). The price is the
 * leaf's effective price (the discounted price when it is at least ₱1). A line is inactive when its leaf, a node
 * above it, or its seller is no longer listed. Money leaves as float8 so both drivers return numbers.
 */
function linesQuery(customerId: number, ids: readonly number[]) {
  return sql`select c.id as cart_item_id, c.quantity, c.marked, n.id as product_id, coalesce(n.root_id, n.id) as root_product_id,
               n.depth, coalesce(r.name, n.name) as product_name,
               case when n.depth = 1 then n.name when n.depth = 2 then v.name end as variation_name,
               case when n.depth = 2 then n.name end as sub_variation_name,
               n.effective_price::float8 as unit_price, coalesce(r.selling_unit, n.selling_unit) as selling_unit, n.stock, n.weight_grams, n.is_big_item,
               (n.is_active and coalesce(v.is_active, true) and coalesce(r.is_active, true)
                 and s.status = 'approved') as active,
               coalesce(
                 (select i.url from product_images i where i.product_id = n.id
                   order by i.is_thumbnail desc, i.sort_order, i.id limit 1),
                 (select i.url from product_images i where i.product_id = n.root_id
                   order by i.is_thumbnail desc, i.sort_order, i.id limit 1)) as photo,
               s.id as seller_id, s.name as seller_name, s.address as seller_address, s.status as seller_status,
               s.latitude, s.longitude, s.shipping_computation,
               s.small_item_fee_fixed::float8 as small_item_fee_fixed, s.big_item_fee_fixed::float8 as big_item_fee_fixed,
               s.small_item_fee_per_km::float8 as small_item_fee_per_km,
               s.big_item_fee_per_km::float8 as big_item_fee_per_km
        from cart_items c
        join products n on n.id = c.product_id
        left join products r on r.id = n.root_id and r.id <> n.id
        left join products v on v.id = n.parent_id and n.depth = 2
        join seller_companies s on s.id = n.seller_id
        where c.customer_id = ${customerId} and c.id = any(${intArray(ids)})
        order by s.id, c.id`;
}

export async function loadLines(conn: Conn, customerId: number, ids: readonly number[]): Promise<LineRow[]> {
  return rows<LineRow>(conn, linesQuery(customerId, ids));
}

export interface CustomerRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  is_completed_profile: boolean;
  agent_code: string | null;
}

/** The buyer with the code of the agent it is linked to. */
export async function loadCustomer(conn: Conn, customerId: number): Promise<CustomerRow | null> {
  const [row] = await rows<CustomerRow>(
    conn,
    sql`select u.id, u.email, u.first_name, u.last_name, u.phone, u.is_completed_profile, a.agent_code
        from users u left join users a on a.id = u.agent_id
        where u.id = ${customerId}`,
  );
  return row ?? null;
}

/** A checkout already made with this Idempotency-Key. */
export interface ExistingCheckout {
  request_hash: string;
  response: unknown;
}

export interface CheckoutContext {
  customer: CustomerRow;
  creditLines: CreditLineRow[];
  existing: ExistingCheckout | null;
  /** The chosen cart lines, as loadLines reads them. */
  lines: LineRow[];
}

/**
 * In one round trip: the customer (with the linked agent's code), its active credit lines, the checkout already
 * made with this Idempotency-Key, if any, and the chosen cart lines.
 */
export async function loadCheckoutContext(
  conn: Conn,
  customerId: number,
  idempotencyKey: string | null,
  cartItemIds: readonly number[],
): Promise<CheckoutContext | null> {
  const [row] = await preparedRows<
    CustomerRow & { credit_lines: CreditLineRow[] | null; existing: ExistingCheckout | null; lines: LineRow[] | null }
  >(
    conn,
    sql`select u.id, u.email, u.first_name, u.last_name, u.phone, u.is_completed_profile, a.agent_code,
               (select json_agg(json_build_object('id', l.id, 'kind', l.kind, 'seller_id', l.seller_id,
                                                  'balance', l.balance::float8) order by l.id)
                  from credit_lines l where l.customer_id = u.id and l.status = 'active') as credit_lines,
               (select json_build_object('request_hash', k.request_hash, 'response', k.response)
                  from checkouts k where k.customer_id = u.id and k.idempotency_key = ${idempotencyKey ?? ''}) as existing,
               (select json_agg(l order by l.seller_id, l.cart_item_id)
                  from (${linesQuery(customerId, cartItemIds)}) l) as lines
        from users u left join users a on a.id = u.agent_id
        where u.id = ${customerId}`,
  );
  if (!row) return null;
  const { credit_lines: creditLines, existing, lines, ...customer } = row;
  return {
    customer,
    creditLines: (creditLines ?? []).map((line) => ({ ...line, balance: Number(line.balance) })),
    existing: idempotencyKey ? existing : null,
    lines: lines ?? [],
  };
}

export interface CreditLineRow {
  id: number;
  kind: 'buildcredit' | 'hardware' | 'yield';
  seller_id: number | null;
  balance: number;
}

export async function activeCreditLines(conn: Conn, customerId: number): Promise<CreditLineRow[]> {
  return rows<CreditLineRow>(
    conn,
    sql`select id, kind, seller_id, balance::float8 as balance from credit_lines
        where customer_id = ${customerId} and status = 'active' order by id`,
  );
}

export interface VoucherRow {
  id: number;
  code: string;
  description: string;
  discount_type: 'fixed' | 'percent';
  amount: number;
  max_discount: number | null;
  min_spend: number;
  seller_id: number | null;
  valid_from: Date;
  valid_until: Date;
  usage_limit: number | null;
  used_count: number;
  per_customer_limit: number;
  is_active: boolean;
  customer_uses: number;
}

const voucherColumns = sql`v.id, v.code, v.description, v.discount_type, v.amount::float8 as amount,
  v.max_discount::float8 as max_discount, v.min_spend::float8 as min_spend, v.seller_id, v.valid_from, v.valid_until,
  v.usage_limit, v.used_count, v.per_customer_limit, v.is_active`;

function customerUses(customerId: number) {
  return sql`(select count(*)::int from voucher_redemptions x where x.voucher_id = v.id and x.customer_id = ${customerId})`;
}

export async function voucherByCode(conn: Conn, code: string, customerId: number): Promise<VoucherRow | null> {
  const [row] = await rows<VoucherRow>(
    conn,
    sql`select ${voucherColumns}, ${customerUses(customerId)} as customer_uses
        from vouchers v where lower(v.code) = lower(${code})`,
  );
  return row ? normaliseVoucher(row) : null;
}

/** Suggested vouchers the customer can still use now. */
export async function suggestedVouchers(conn: Conn, customerId: number): Promise<VoucherRow[]> {
  const list = await rows<VoucherRow>(
    conn,
    sql`select ${voucherColumns}, ${customerUses(customerId)} as customer_uses
        from vouchers v
        where v.is_suggested and v.is_active and v.valid_from <= now() and v.valid_until > now()
          and (v.usage_limit is null or v.used_count < v.usage_limit)
          and ${customerUses(customerId)} < v.per_customer_limit
        order by v.valid_until, v.id limit 20`,
  );
  return list.map(normaliseVoucher);
}

function normaliseVoucher(row: VoucherRow): VoucherRow {
  return {
    ...row,
    valid_from: new Date(row.valid_from),
    valid_until: new Date(row.valid_until),
    customer_uses: Number(row.customer_uses),
  };
}

// The checkouts row: the Idempotency-Key's claim, its answer, and a gateway start in progress -------------------

/** The checkout made with this Idempotency-Key (null when none). */
export async function checkoutByKey(conn: Conn, customerId: number, key: string) {
  const [row] = await conn
    .select({
      id: checkouts.id,
      requestHash: checkouts.requestHash,
      response: checkouts.response,
      gatewayPending: checkouts.gatewayPending,
      gatewayClaim: checkouts.gatewayClaim,
      gatewayClaimedUntil: checkouts.gatewayClaimedUntil,
    })
    .from(checkouts)
    .where(and(eq(checkouts.customerId, customerId), eq(checkouts.idempotencyKey, key)));
  return row ?? null;
}

export type CheckoutRow = NonNullable<Awaited<ReturnType<typeof checkoutByKey>>>;

/**
 * THE writer of a checkout's answer (checkouts.response, what a repeated Idempotency-Key replays): the answer, the
 * gateway start's working columns cleared, the key freed when asked (`freeKey`: a payment that could not even
 * start keeps its answer under that suffixed key), and the confirmation mail queued in the outbox in the same
 * statement, so the mail exists exactly when the answer does. Returns the mail's outbox id (null without one).
 */
export async function storeAnswer(
  conn: Conn,
  checkoutId: number,
  answer: unknown,
  options: { confirmation?: Mail | null; freeKey?: string | null } = {},
): Promise<number | null> {
  const update = conn
    .update(checkouts)
    .set({
      response: answer,
      gatewayPending: null,
      gatewayClaim: null,
      gatewayClaimedUntil: null,
      ...(options.freeKey ? { idempotencyKey: options.freeKey } : {}),
    })
    .where(eq(checkouts.id, checkoutId));
  if (!options.confirmation) {
    await update;
    return null;
  }
  const [row] = await preparedRows<{ mail_id: number }>(
    conn,
    sql`with answer as ${update}, mail as ${queueMail(conn, options.confirmation)}
        select (select id from mail) as mail_id`,
  );
  return row ? Number(row.mail_id) : null;
}

/** Takes an abandoned gateway claim over (one retry wins when several race): whether this one won. */
export async function takeOverGatewayClaim(
  conn: Conn,
  checkoutId: number,
  abandoned: string,
  claim: { token: string; until: Date },
): Promise<boolean> {
  const taken = await conn
    .update(checkouts)
    .set({ gatewayClaim: claim.token, gatewayClaimedUntil: claim.until })
    .where(and(eq(checkouts.id, checkoutId), sql`${checkouts.response} is null`, eq(checkouts.gatewayClaim, abandoned)))
    .returning({ id: checkouts.id });
  return taken.length > 0;
}

/** The checkout's payment: its id, status and hosted page (null when none). */
export async function paymentOfCheckout(conn: Conn, checkoutId: number) {
  const [payment] = await conn
    .select({ id: payments.id, status: payments.status, paymentUrl: payments.paymentUrl })
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId));
  return payment ?? null;
}
