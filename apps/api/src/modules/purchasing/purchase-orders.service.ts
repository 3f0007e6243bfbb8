import {
  type AvailablePurchaseOrder,
  type BackOfficeSummary,
  LOW_STOCK_AT,
  type PurchaseOrder,
  type PurchaseOrderDecisionResult,
  type PurchaseOrderStatus,
  type purchaseOrderDecision,
  type purchaseOrderRequest,
  purchasingMessages,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import * as repo from './purchasing.repository.ts';

/**
 * Purchase orders (spec 3 §2.4 "Purchase order request", "Purchase Order (e-PR) Approvals"): a request creates a
 * Pending PO with a reference number; an administrator approves or rejects it once. Two administrators deciding
 * at once: the conditional UPDATE (status still Pending) lets one through, the other is told it was decided.
 */

type Db = Pick<Deps, 'db'>;
type Request = z.output<typeof purchaseOrderRequest>;
type Decision = z.output<typeof purchaseOrderDecision>;

/** Today in Asia/Manila as YYYYMMDD, for references. */
export function manilaDay(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(now).replaceAll('-', '');
}

const iso = (value: string | Date) => new Date(value).toISOString();

function toPurchaseOrders(loaded: Awaited<ReturnType<typeof repo.loadPurchaseOrders>>): PurchaseOrder[] {
  return loaded.heads.map((head) => {
    const lines = loaded.lines
      .filter((line) => Number(line.purchase_order_id) === Number(head.id))
      .map((line) => ({
        id: Number(line.id),
        product_id: Number(line.product_id),
        product: { id: Number(line.product_id), menu: line.menu },
        quantity: Number(line.quantity),
        quantity_balance: Number(line.quantity_balance),
        unit_price: Number(line.unit_price),
        total_amount: Number(line.quantity) * Number(line.unit_price),
      }));
    return {
      id: Number(head.id),
      po_reference_no: head.reference,
      order_date: head.order_date,
      supplier: { id: Number(head.supplier_id), supplier_name: head.supplier_name },
      seller_company: { id: Number(head.seller_id), company_name: head.company_name },
      remarks: head.remarks,
      status: head.status,
      total_amount: lines.reduce((sum, line) => sum + line.total_amount, 0),
      created_at: iso(head.created_at),
      decided_at: head.decided_at ? iso(head.decided_at) : null,
      purchase_order_details: lines,
    };
  });
}

export async function getPurchaseOrder(deps: Db, id: number): Promise<PurchaseOrder> {
  const [order] = toPurchaseOrders(await repo.loadPurchaseOrders(deps.db, { ids: [id] }));
  if (!order) throw new HttpError('NOT_FOUND', purchasingMessages.notFound);
  return order;
}

export async function listPurchaseOrders(deps: Db, status: 'ALL' | PurchaseOrderStatus) {
  const statuses: PurchaseOrderStatus[] = status === 'ALL' ? ['Pending', 'Approved', 'Rejected', 'Closed'] : [status];
  return { items: toPurchaseOrders(await repo.loadPurchaseOrders(deps.db, { statuses })) };
}

/** Spec 3 §7 "get purchase order approvals": the POs waiting for a decision. */
export async function listApprovals(deps: Db) {
  return listPurchaseOrders(deps, 'Pending');
}

/** Checks every rule of spec 3 §5 "Purchase order request" the schema could not, then writes the PO. */
export async function createPurchaseOrder(deps: Db, input: Request, act: repo.AdminAct): Promise<PurchaseOrder> {
  const { db } = deps;
  const fields: Record<string, string> = {};
  if (!(await repo.findSupplier(db, input.supplierId))) fields.supplierId = purchasingMessages.supplierNotFound;
  if (!(await repo.sellerExists(db, input.sellerCompanyId))) fields.sellerCompanyId = purchasingMessages.sellerNotFound;
  const ids = input.poItems.map((item) => item.productId);
  const sellers = fields.sellerCompanyId ? new Set<number>() : await repo.sellerLeafIds(db, input.sellerCompanyId, ids);
  const seen = new Set<number>();
  input.poItems.forEach((item, index) => {
    if (!fields.sellerCompanyId && !sellers.has(item.productId)) {
      fields[`poItems.${index}.productId`] = purchasingMessages.productNotSellers;
    } else if (seen.has(item.productId)) {
      fields[`poItems.${index}.productId`] = purchasingMessages.productRepeated;
    }
    seen.add(item.productId);
  });
  const first = Object.values(fields)[0];
  if (first) throw new HttpError('VALIDATION', first, fields);

  const id = await db.transaction(async (tx) => {
    const id = await repo.nextId(tx, 'purchase_orders');
    const reference = `PO${manilaDay()}${String(id).padStart(6, '0')}`;
    await repo.insertPurchaseOrder(
      tx,
      {
        id,
        reference,
        supplierId: input.supplierId,
        sellerId: input.sellerCompanyId,
        orderDate: input.orderDate,
        remarks: input.remarks,
        createdByUserId: act.adminId,
      },
      input.poItems.map((item) => ({
        productId: item.productId,
        quantity: item.quantity,
        quantityBalance: item.quantity,
        unitPrice: item.unitPrice,
      })),
    );
    await repo.insertAudit(tx, act, 'purchase_order_created', 201, { id, reference });
    return id;
  });
  return getPurchaseOrder(deps, id);
}

/** Approves or rejects a Pending PO, once: a PO already decided (or closed) is refused with its status. */
export async function decidePurchaseOrder(
  deps: Db,
  id: number,
  decision: Decision,
  act: repo.AdminAct,
): Promise<PurchaseOrderDecisionResult> {
  await deps.db.transaction(async (tx) => {
    const decided = await repo.decidePending(tx, id, {
      status: decision.approvalStatus,
      userId: act.adminId,
      remarks: decision.remarks,
    });
    if (!decided) {
      const current = await repo.findPurchaseOrder(tx, id);
      if (!current) throw new HttpError('NOT_FOUND', purchasingMessages.notFound);
      throw new HttpError(
        'CONFLICT',
        purchasingMessages.alreadyDecided.replace('{status}', current.status.toLowerCase()),
      );
    }
    await repo.insertAudit(tx, act, `purchase_order_${decision.approvalStatus.toLowerCase()}`, 200, {
      id,
      reference: decided.reference,
      remarks: decision.remarks,
    });
  });
  return { success: true, data: { result: await getPurchaseOrder(deps, id) } };
}

/** Spec 3 §3 "Available PO": approved POs with units left to receive, and their lines with a balance. */
export async function listAvailable(deps: Db): Promise<{ items: AvailablePurchaseOrder[] }> {
  const orders = toPurchaseOrders(await repo.loadPurchaseOrders(deps.db, { statuses: ['Approved'] }));
  return {
    items: orders
      .map((order) => ({
        id: order.id,
        po_reference_no: order.po_reference_no,
        remarks: order.remarks,
        supplier_name: order.supplier.supplier_name,
        company_name: order.seller_company.company_name,
        poItems: order.purchase_order_details
          .filter((line) => line.quantity_balance > 0)
          .map((line) => ({
            id: line.id,
            product_id: line.product_id,
            menu: line.product.menu,
            quantity: line.quantity,
            unit_price: line.unit_price,
            quantity_balance: line.quantity_balance,
          })),
      }))
      .filter((order) => order.poItems.length > 0),
  };
}

/** What waits for the back office: POs to decide and to receive, and the products running out. */
export async function summary(deps: Db): Promise<BackOfficeSummary> {
  const [waiting, low] = await Promise.all([repo.countWaiting(deps.db), repo.lowStock(deps.db, LOW_STOCK_AT, 10)]);
  return {
    pending_purchase_orders: waiting.pending,
    purchase_orders_to_receive: waiting.toReceive,
    low_stock: low.map((row) => ({
      productId: Number(row.id),
      productName: row.menu,
      company_name: row.company_name,
      stock: Number(row.stock),
    })),
  };
}
