import {
  type BadStockOrder,
  type BadStockTransferResult,
  type badStockTransferRequest,
  formatPeso2,
  badStockMessages as messages,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { returnStock, takeStock } from '../../lib/stock-ledger.ts';
import { lowerOrderTotal } from '../orders/index.ts';
import * as repo from './bad-stock.repository.ts';
import { type AdminAct, insertAudit } from './transfers.repository.ts';

/**
 * Bad stock transfer (spec 3 §2.4, §5; decision 0041): units of an order's line found bad are set aside. One
 * transaction, the order's row locked (transfers of one order take turns):
 * 1. the rules of §5 — quantity above 0 and at most what the line has not yet transferred, amount at least 0,
 *    updated total between 0 and the order's total as it is now;
 * 2. the ledger: the units go back from the order ('release', +) and leave sellable stock as 'bad_stock' (−), so the
 *    inventory report counts them as Bad Stock and no longer as Committed, and the seller's stock is unchanged;
 * 3. the order's total and what the buyer still owes, through the orders module (lowerOrderTotal);
 * 4. the transfer's row and the audit row.
 */

type Db = Pick<Deps, 'db'>;
type Request = z.output<typeof badStockTransferRequest>;

export async function searchOrders(deps: Db, query: string) {
  const found = await repo.searchOrders(deps.db, query);
  return {
    results: found.map((o) => ({
      id: Number(o.id),
      reference_no: o.reference_no,
      total_amount: Number(o.total_amount),
      name: o.name,
    })),
  };
}

async function orderForm(db: Db['db'], head: repo.OrderHead): Promise<BadStockOrder> {
  return {
    id: Number(head.id),
    reference_no: head.reference,
    total_amount: head.total,
    name: head.name,
    customer_id: Number(head.customer_id),
    status: head.status,
    order_details: await repo.orderLines(db, Number(head.id)),
  };
}

export async function getOrder(deps: Db, reference: string): Promise<BadStockOrder> {
  const head = await repo.findOrder(deps.db, reference);
  if (!head || repo.endedUnfulfilled.includes(head.status)) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  return orderForm(deps.db, head);
}

const invalid = (field: string, message: string) => new HttpError('VALIDATION', message, { [field]: message });

export async function transferBadStock(deps: Db, input: Request, act: AdminAct): Promise<BadStockTransferResult> {
  const result = await deps.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, input.orderReference, true);
    if (!order) throw invalid('orderReference', messages.orderNotFound);
    if (repo.endedUnfulfilled.includes(order.status)) throw invalid('orderReference', messages.orderEnded);
    const line = (await repo.orderLines(tx, Number(order.id))).find((l) => l.id === input.orderFormDetailId);
    if (!line || line.product_id !== input.productId) throw invalid('orderFormDetailId', messages.itemNotOnOrder);
    if (input.transferQuantity > line.transferable) {
      throw invalid('transferQuantity', messages.quantityRange.replace('{max}', String(line.transferable)));
    }
    if (input.updatedOrderTotal > order.total) {
      throw invalid('updatedOrderTotal', messages.totalRange.replace('{total}', formatPeso2(order.total)));
    }

    const movement = {
      productId: line.product_id,
      quantity: input.transferQuantity,
      reference: order.reference,
      actorUserId: act.adminId,
    };
    await returnStock(tx, { ...movement, reason: 'bad stock transfer' }, 'release');
    if (!(await takeStock(tx, { ...movement, reason: 'bad stock transfer' }, 'bad_stock'))) {
      throw new Error('the units just returned could not be set aside');
    }
    const lowered = await lowerOrderTotal(
      tx,
      { id: Number(order.id), reference: order.reference, checkoutId: Number(order.checkout_id), status: order.status },
      {
        from: order.total,
        to: input.updatedOrderTotal,
        actorUserId: act.adminId,
        note: `Bad stock: ${input.transferQuantity} × ${line.name}; total ${formatPeso2(order.total)} → ${formatPeso2(input.updatedOrderTotal)}`,
      },
    );
    if (!lowered.changed) throw new HttpError('CONFLICT', messages.totalChanged);
    const id = await repo.insertBadStock(tx, {
      orderId: Number(order.id),
      orderItemId: line.id,
      productId: line.product_id,
      quantity: input.transferQuantity,
      amount: input.transferAmount,
      originalTotal: order.total,
      updatedTotal: input.updatedOrderTotal,
      createdByUserId: act.adminId,
    });
    await insertAudit(tx, act, 'bad_stock_transferred', 201, {
      id,
      orderReference: order.reference,
      orderItemId: line.id,
      productId: line.product_id,
      quantity: input.transferQuantity,
      amount: input.transferAmount,
      originalTotal: order.total,
      updatedTotal: input.updatedOrderTotal,
      balance: lowered.balance,
    });
    return { id, line, originalTotal: order.total, head: { ...order, total: input.updatedOrderTotal } };
  });
  return {
    success: true,
    result: {
      id: result.id,
      product: result.line.name,
      quantity: input.transferQuantity,
      amount: input.transferAmount,
      original_total: result.originalTotal,
      updated_total: input.updatedOrderTotal,
      order_form_details: await orderForm(deps.db, result.head),
    },
  };
}
