import {
  type PurchaseReceive,
  type PurchaseReceiveResult,
  type purchaseReceiveRequest,
  purchasingMessages,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { returnStock, takeStock } from '../../lib/stock-ledger.ts';
import { manilaDay } from './purchase-orders.service.ts';
import * as repo from './purchasing.repository.ts';

/**
 * Purchase receives (spec 3 §2.4 "Create Purchase Receive"; decision 0036). One transaction:
 * 1. lock the PO (receives of one PO take turns) and check it is Approved;
 * 2. check every row against its line's balance ('Cannot receive more than available balance ({balance})');
 * 3. write the receive, lower each line's balance (a conditional UPDATE backs the check);
 * 4. put the units into stock through the ledger, product by product in id order (no deadlocks between receives):
 *    every unit is a 'receive' row (+) into the warehouse; Damaged and Expired units then leave sellable stock as a
 *    'bad_stock' row (-) and are kept as the warehouse's bad units;
 * 5. close the PO when nothing remains, and write the audit row.
 */

type Db = Pick<Deps, 'db'>;
type Request = z.output<typeof purchaseReceiveRequest>;

const iso = (value: string | Date) => new Date(value).toISOString();

function toReceives(loaded: Awaited<ReturnType<typeof repo.loadReceives>>): PurchaseReceive[] {
  return loaded.heads.map((head) => ({
    id: Number(head.id),
    receive_reference_no: head.reference,
    po_reference_no: head.po_reference,
    receive_date: head.receive_date,
    delivery_reference_no: head.delivery_ref_no,
    delivery_date: head.delivery_date,
    warehouse: { id: Number(head.warehouse_id), name: head.warehouse_name },
    remarks: head.remarks,
    created_at: iso(head.created_at),
    purchase_receive_details: loaded.lines
      .filter((line) => Number(line.receive_id) === Number(head.id))
      .map((line) => ({
        id: Number(line.id),
        product: { id: Number(line.product_id), menu: line.menu },
        quantity_received: Number(line.quantity_received),
        unit_price: Number(line.unit_price),
        expiry_date: line.expiry_date,
        condition: line.condition,
      })),
  }));
}

export async function listReceives(deps: Db): Promise<{ items: PurchaseReceive[] }> {
  return { items: toReceives(await repo.loadReceives(deps.db, null)) };
}

function overBalance(index: number, balance: number): HttpError {
  const message = purchasingMessages.overBalance.replace('{balance}', String(balance));
  return new HttpError('BUSINESS_RULE', message, { [`poItems.${index}.quantityReceived`]: message });
}

export async function createReceive(deps: Db, input: Request, act: repo.AdminAct): Promise<PurchaseReceiveResult> {
  const id = await deps.db.transaction(async (tx) => {
    const order = await repo.lockPurchaseOrder(tx, input.purchaseOrderId);
    if (!order) {
      throw new HttpError('VALIDATION', purchasingMessages.notFound, { purchaseOrderId: purchasingMessages.notFound });
    }
    if (order.status !== 'Approved') {
      throw new HttpError('BUSINESS_RULE', purchasingMessages.poNotReceivable, {
        purchaseOrderId: purchasingMessages.poNotReceivable,
      });
    }
    if (!(await repo.findWarehouse(tx, input.warehouseId))) {
      const message = purchasingMessages.warehouseNotFound;
      throw new HttpError('VALIDATION', message, { warehouseId: message });
    }
    const lines = new Map((await repo.purchaseOrderLinesOf(tx, order.id)).map((line) => [line.id, line]));

    // What each line still has, as the rows take from it in order.
    const left = new Map([...lines.values()].map((line) => [line.id, line.quantityBalance]));
    const items = input.poItems.map((item, index) => {
      const line = lines.get(item.purchaseOrderDetailId);
      if (!line) {
        const message = purchasingMessages.poItemNotOnPo;
        throw new HttpError('VALIDATION', message, { [`poItems.${index}.purchaseOrderDetailId`]: message });
      }
      const balance = left.get(line.id) ?? 0;
      if (item.quantityReceived > balance) throw overBalance(index, balance);
      left.set(line.id, balance - item.quantityReceived);
      return { ...item, line };
    });

    const id = await repo.nextId(tx, 'purchase_receives');
    const reference = `PR${manilaDay()}${String(id).padStart(6, '0')}`;
    await repo.insertReceive(
      tx,
      {
        id,
        reference,
        purchaseOrderId: order.id,
        warehouseId: input.warehouseId,
        receiveDate: input.receiveDate,
        deliveryRefNo: input.deliveryRefNo,
        deliveryDate: input.deliveryDate,
        remarks: input.remarks,
        createdByUserId: act.adminId,
      },
      items.map((item) => ({
        purchaseOrderLineId: item.line.id,
        productId: item.line.productId,
        quantityReceived: item.quantityReceived,
        unitPrice: item.line.unitPrice,
        expiryDate: item.expiryDate,
        condition: item.condition,
      })),
    );

    for (const [lineId, line] of lines) {
      const taken = line.quantityBalance - (left.get(lineId) ?? 0);
      if (taken > 0 && !(await repo.lowerBalance(tx, lineId, taken))) {
        throw overBalance(
          items.findIndex((item) => item.line.id === lineId),
          line.quantityBalance,
        );
      }
    }

    await putIntoStock(tx, items, { reference, warehouseId: input.warehouseId, actorUserId: act.adminId });
    const closed = await repo.closeWhenReceived(tx, order.id);
    await repo.insertAudit(tx, act, 'purchase_receive_created', 201, {
      id,
      reference,
      purchaseOrderId: order.id,
      poReference: order.reference,
      closed,
    });
    return id;
  });
  const [receive] = toReceives(await repo.loadReceives(deps.db, [id]));
  return { success: true, results: receive! };
}

async function putIntoStock(
  tx: Tx,
  items: Array<{ quantityReceived: number; condition: string; line: { productId: number } }>,
  context: { reference: string; warehouseId: number; actorUserId: number },
) {
  const byProduct = new Map<number, { good: number; bad: Map<string, number> }>();
  for (const item of items) {
    const entry = byProduct.get(item.line.productId) ?? { good: 0, bad: new Map<string, number>() };
    if (item.condition === 'Good') entry.good += item.quantityReceived;
    else entry.bad.set(item.condition, (entry.bad.get(item.condition) ?? 0) + item.quantityReceived);
    byProduct.set(item.line.productId, entry);
  }
  for (const productId of [...byProduct.keys()].sort((a, b) => a - b)) {
    const { good, bad } = byProduct.get(productId)!;
    const badTotal = [...bad.values()].reduce((sum, n) => sum + n, 0);
    const movement = { productId, ...context };
    await returnStock(tx, { ...movement, quantity: good + badTotal, reason: 'purchase receive' }, 'receive');
    for (const [condition, quantity] of bad) {
      // The units just entered, so they are there to take.
      const taken = await takeStock(tx, { ...movement, quantity, reason: condition }, 'bad_stock');
      if (!taken) throw new Error('bad stock could not be set aside');
    }
    await repo.addWarehouseStock(tx, { warehouseId: context.warehouseId, productId, good, bad: badTotal });
  }
}
