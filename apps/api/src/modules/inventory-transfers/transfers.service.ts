import {
  type InventoryTransfer,
  type InventoryTransferDecisionResult,
  type InventoryTransferResult,
  type InventoryTransferStatus,
  type inventoryTransferRequest,
  inventoryTransferMessages as messages,
  TRANSFER_SEARCH_MIN,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { returnStock, takeStock } from '../../lib/stock-ledger.ts';
import * as repo from './transfers.repository.ts';

/**
 * Inventory transfers between sellers (spec 3 §2.4, §5; decision 0041). A request is checked against the spec's
 * rules and the stock as it is, and waits as Pending. Approving it is one transaction: the conditional status
 * UPDATE (two approvals at once: one wins), then the products locked in id order, then every source product's
 * units out ('transfer_out') and every target product's units in ('transfer_in') through the ledger. A source
 * without the stock refuses the whole transfer, and the rollback leaves it Pending with nothing moved.
 */

type Db = Pick<Deps, 'db'>;
type Request = z.output<typeof inventoryTransferRequest>;

const iso = (value: string | Date) => new Date(value).toISOString();
const referenceOf = (id: number) => `IT${String(id).padStart(6, '0')}`;

function toTransfers(loaded: Awaited<ReturnType<typeof repo.loadTransfers>>): InventoryTransfer[] {
  return loaded.heads.map((head) => ({
    id: Number(head.id),
    approval_status: head.status,
    source_seller: { id: Number(head.source_seller_id), company_name: head.source_name },
    target_seller: { id: Number(head.target_seller_id), company_name: head.target_name },
    createdAt: iso(head.created_at),
    decidedAt: head.decided_at ? iso(head.decided_at) : null,
    inventory_transfer_details: loaded.lines
      .filter((line) => Number(line.transfer_id) === Number(head.id))
      .map((line) => ({
        id: Number(line.id),
        source_product: { id: Number(line.source_product_id), menu: line.source_menu },
        target_product: { id: Number(line.target_product_id), menu: line.target_menu },
        quantity: Number(line.quantity),
      })),
  }));
}

export async function getTransfer(deps: Db, id: number): Promise<InventoryTransfer> {
  const [transfer] = toTransfers(await repo.loadTransfers(deps.db, { ids: [id] }));
  if (!transfer) throw new HttpError('NOT_FOUND', messages.notFound);
  return transfer;
}

export async function listTransfers(deps: Db, status: InventoryTransferStatus | 'ALL') {
  const statuses: InventoryTransferStatus[] = status === 'ALL' ? ['Pending', 'Approved', 'Reject'] : [status];
  return { results: toTransfers(await repo.loadTransfers(deps.db, { statuses })) };
}

export async function listSellers(deps: Db) {
  const sellers = await repo.listSellers(deps.db);
  return { results: sellers.map((s) => ({ id: Number(s.id), company_name: s.company_name })) };
}

/** Spec 3 §5: the search runs only after 3 characters (a shorter text finds nothing). */
export async function listSellerProducts(deps: Db, sellerId: number, query: string) {
  const text = query.trim();
  if (text.length < TRANSFER_SEARCH_MIN) return { results: [] };
  const found = await repo.listSellerProducts(deps.db, sellerId, text, 30);
  return {
    results: found.map((p) => ({ id: Number(p.id), menu: p.menu, stocks: { availableStock: Number(p.stock) } })),
  };
}

export async function pendingCount(deps: Db) {
  return { pending_transfers: await repo.countPending(deps.db) };
}

const refuse = (message: string, fields?: Record<string, string>) =>
  new HttpError('VALIDATION', message, fields ?? { _: message });

/** Checks the request in the spec's order (§5), then the products and stock; writes a Pending transfer. */
export async function createTransfer(deps: Db, input: Request, act: repo.AdminAct): Promise<InventoryTransferResult> {
  const { db } = deps;
  const { sourceSellerId: source, targetSellerId: target } = input;
  if (!source || !target) throw refuse(messages.completeAllFields);
  if (source === target) throw refuse(messages.sellersDifferent);
  const rows = input.items;
  if (rows.length === 0 || rows.some((row) => !row.sourceProductId || !row.targetProductId || row.quantity == null)) {
    throw refuse(messages.completeProductFields);
  }
  const items = rows.map((row) => ({
    sourceProductId: row.sourceProductId!,
    targetProductId: row.targetProductId!,
    quantity: row.quantity!,
  }));
  const fields: Record<string, string> = {};
  items.forEach((item, index) => {
    if (item.quantity < 1) fields[`items.${index}.quantity`] = messages.quantityMin;
  });
  const sellers = await repo.existingSellers(db, [source, target]);
  if (!sellers.has(source) || !sellers.has(target)) throw refuse(messages.sellerNotFound);
  const sources = await repo.sellerLeaves(
    db,
    source,
    items.map((i) => i.sourceProductId),
  );
  const targets = await repo.sellerLeaves(
    db,
    target,
    items.map((i) => i.targetProductId),
  );
  // Quantity 1..in stock, counting rows of the same source product together.
  const wanted = new Map<number, number>();
  items.forEach((item, index) => {
    const product = sources.get(item.sourceProductId);
    if (!product) fields[`items.${index}.sourceProductId`] = messages.notSourceProduct;
    if (!targets.has(item.targetProductId)) fields[`items.${index}.targetProductId`] = messages.notTargetProduct;
    if (!product || item.quantity < 1) return;
    const total = (wanted.get(item.sourceProductId) ?? 0) + item.quantity;
    wanted.set(item.sourceProductId, total);
    if (total > product.stock) {
      fields[`items.${index}.quantity`] = messages.quantityOverStock
        .replace('{stock}', String(product.stock))
        .replace('{product}', product.menu);
    }
  });
  const first = Object.values(fields)[0];
  if (first) throw new HttpError('VALIDATION', first, fields);

  const id = await db.transaction(async (tx) => {
    const id = await repo.insertTransfer(
      tx,
      { sourceSellerId: source, targetSellerId: target, createdByUserId: act.adminId },
      items,
    );
    await repo.insertAudit(tx, act, 'inventory_transfer_created', 201, {
      id,
      sourceSellerId: source,
      targetSellerId: target,
      items,
    });
    return id;
  });
  return { success: true, result: await getTransfer(deps, id) };
}

/** Approves (moving the stock) or rejects a Pending transfer, once. */
export async function decideTransfer(
  deps: Db,
  id: number,
  status: 'Approved' | 'Reject',
  act: repo.AdminAct,
): Promise<InventoryTransferDecisionResult> {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.decidePending(tx, id, status, act.adminId))) {
      const current = await repo.statusOf(tx, id);
      if (!current) throw new HttpError('NOT_FOUND', messages.notFound);
      const word = current === 'Reject' ? 'rejected' : current.toLowerCase();
      throw new HttpError('CONFLICT', messages.alreadyDecided.replace('{status}', word));
    }
    if (status === 'Approved') await moveStock(tx, id, act.adminId);
    await repo.insertAudit(
      tx,
      act,
      status === 'Approved' ? 'inventory_transfer_approved' : 'inventory_transfer_rejected',
      200,
      { id },
    );
  });
  return { success: true, result: await getTransfer(deps, id), message: messages.approved };
}

async function moveStock(tx: Parameters<typeof takeStock>[0], id: number, actorUserId: number) {
  const lines = await repo.linesOf(tx, id);
  const out = new Map<number, number>();
  const into = new Map<number, number>();
  for (const line of lines) {
    const source = Number(line.source_product_id);
    const target = Number(line.target_product_id);
    out.set(source, (out.get(source) ?? 0) + Number(line.quantity));
    into.set(target, (into.get(target) ?? 0) + Number(line.quantity));
  }
  const locked = await repo.lockProducts(tx, [...new Set([...out.keys(), ...into.keys()])]);
  const reference = referenceOf(id);
  for (const productId of [...out.keys()].sort((a, b) => a - b)) {
    const quantity = out.get(productId)!;
    const product = locked.get(productId);
    const taken =
      product !== undefined &&
      (await takeStock(
        tx,
        { productId, quantity, reference, reason: 'inventory transfer', actorUserId },
        'transfer_out',
      ));
    if (!taken) {
      throw new HttpError(
        'BUSINESS_RULE',
        messages.lacksStock
          .replace('{product}', product?.menu ?? `Product ${productId}`)
          .replace('{stock}', String(product?.stock ?? 0))
          .replace('{quantity}', String(quantity)),
      );
    }
  }
  for (const productId of [...into.keys()].sort((a, b) => a - b)) {
    const quantity = into.get(productId)!;
    await returnStock(tx, { productId, quantity, reference, reason: 'inventory transfer', actorUserId }, 'transfer_in');
  }
}
