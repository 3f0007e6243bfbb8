import { z } from 'zod';

/**
 * Back office II (spec 3 §2.4, §3, §5, §7, §8; decision 0041): inventory transfers between sellers with their
 * approval, and bad stock transfers out of an order. Money is integer centavos; quantities are whole units.
 */

/** Spec 3 §4 "Pending to Approved or Reject" (the stored values are the spec's words). */
export const inventoryTransferStatuses = ['Pending', 'Approved', 'Reject'] as const;
export type InventoryTransferStatus = (typeof inventoryTransferStatuses)[number];
export const inventoryTransferDecisions = ['Approved', 'Reject'] as const;
/** Spec 3 §9 "Product search for transfer: minimum 3 characters." */
export const TRANSFER_SEARCH_MIN = 3;

export const inventoryTransferMessages = {
  /** Spec 3 §5 "Inventory transfer". */
  completeAllFields: 'Please complete all fields',
  sellersDifferent: 'Source and target sellers must be different',
  completeProductFields: 'Please complete all product fields',
  quantityMin: 'Quantity must be at least 1.',
  quantityOverStock: 'Only {stock} in stock for {product}.',
  notSourceProduct: "This product is not one of the source seller's products.",
  notTargetProduct: "This product is not one of the target seller's products.",
  sellerNotFound: 'This seller does not exist.',
  tooManyRows: 'A transfer has at most 50 product rows.',
  /** Spec 3 §8. */
  submitted: 'Inventory request successfully submitted.',
  errorOccurred: 'Error occurred',
  approved: 'Transfer has been approved.',
  notFound: 'This transfer does not exist.',
  alreadyDecided: 'This transfer was already {status}.',
  lacksStock:
    'The transfer cannot be approved: {product} has {stock} in stock and the transfer needs {quantity}. Nothing was moved.',
} as const;

export const badStockMessages = {
  /** Spec 3 §2.4, §8. */
  noOrders: 'No orders found matching the query',
  success: 'Transfer has been successful.',
  quantityRange: 'Enter a quantity above 0 and at most {max}.',
  quantityAboveZero: 'Enter a quantity above 0.',
  amountMin: 'The estimated amount must be 0 or more.',
  totalRange: 'The updated total must be between ₱0.00 and {total}.',
  orderNotFound: 'This order does not exist.',
  itemNotOnOrder: 'This item is not on the chosen order.',
  orderEnded: 'This order was cancelled, denied or not paid; its stock is already back.',
  totalChanged: 'The order total changed meanwhile; please review the transfer again.',
} as const;

const dbId = z.number().int().positive().max(2_147_483_647);
/** A choice the form may leave empty: the service says which spec message applies. */
const maybeId = dbId.nullable().optional();

export const inventoryTransferRequest = z
  .object({
    sourceSellerId: maybeId,
    targetSellerId: maybeId,
    items: z
      .array(
        z
          .object({
            sourceProductId: maybeId,
            targetProductId: maybeId,
            quantity: z.number().int(inventoryTransferMessages.quantityMin).max(1_000_000).nullable().optional(),
          })
          .strict(),
      )
      .max(50, inventoryTransferMessages.tooManyRows)
      .default([]),
  })
  .strict();
export type InventoryTransferRequest = z.input<typeof inventoryTransferRequest>;

const productRef = z.object({ id: z.number(), menu: z.string() });
const sellerRef = z.object({ id: z.number(), company_name: z.string() });

export const inventoryTransfer = z.object({
  id: z.number(),
  approval_status: z.enum(inventoryTransferStatuses),
  source_seller: sellerRef,
  target_seller: sellerRef,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  inventory_transfer_details: z.array(
    z.object({ id: z.number(), source_product: productRef, target_product: productRef, quantity: z.number() }),
  ),
});
export type InventoryTransfer = z.infer<typeof inventoryTransfer>;
export const inventoryTransferList = z.object({ results: z.array(inventoryTransfer) });
export const inventoryTransferListQuery = z.object({
  status: z.enum([...inventoryTransferStatuses, 'ALL']).default('Pending'),
});
export const inventoryTransferResult = z.object({ success: z.literal(true), result: inventoryTransfer });
export type InventoryTransferResult = z.infer<typeof inventoryTransferResult>;
export const inventoryTransferDecision = z.object({ status: z.enum(inventoryTransferDecisions) }).strict();
export type InventoryTransferDecision = z.input<typeof inventoryTransferDecision>;
export const inventoryTransferDecisionResult = z.object({
  success: z.literal(true),
  result: inventoryTransfer,
  message: z.string(),
});
export type InventoryTransferDecisionResult = z.infer<typeof inventoryTransferDecisionResult>;
export const transferSellerList = z.object({ results: z.array(sellerRef) });
export type TransferSeller = z.infer<typeof sellerRef>;
export const transferProductQuery = z.object({ q: z.string().max(100).default('') });
/** Spec 3 §3 "seller product with stock: id, menu, stocks.availableStock". */
export const transferProductList = z.object({
  results: z.array(z.object({ id: z.number(), menu: z.string(), stocks: z.object({ availableStock: z.number() }) })),
});
export type TransferProduct = z.infer<typeof transferProductList>['results'][number];
export const inventoryTransfersSummary = z.object({ pending_transfers: z.number() });

// Bad stock transfer.

export const badStockOrderQuery = z.object({ query: z.string().trim().max(60).default('') });
export const badStockOrderList = z.object({
  results: z.array(z.object({ id: z.number(), reference_no: z.string(), total_amount: z.number(), name: z.string() })),
});
export const badStockOrder = z.object({
  id: z.number(),
  reference_no: z.string(),
  total_amount: z.number(),
  name: z.string(),
  customer_id: z.number(),
  status: z.string(),
  order_details: z.array(
    z.object({
      id: z.number(),
      product_id: z.number(),
      name: z.string(),
      quantity: z.number(),
      /** Units of the line not yet transferred as bad stock (what a new transfer may take). */
      transferable: z.number(),
      price: z.number(),
      amount: z.number(),
    }),
  ),
});
export type BadStockOrder = z.infer<typeof badStockOrder>;

export const badStockTransferRequest = z
  .object({
    transferQuantity: z
      .number({ error: badStockMessages.quantityAboveZero })
      .int(badStockMessages.quantityAboveZero)
      .positive(badStockMessages.quantityAboveZero)
      .max(1_000_000),
    transferAmount: z.number().int().min(0, badStockMessages.amountMin).max(10_000_000_000),
    orderFormDetailId: dbId,
    productId: dbId,
    updatedOrderTotal: z.number().int().min(0, 'The updated total must be 0 or more.').max(100_000_000_000),
    orderReference: z.string().trim().min(1).max(40),
  })
  .strict();
export type BadStockTransferRequest = z.input<typeof badStockTransferRequest>;
export const badStockTransferResult = z.object({
  success: z.literal(true),
  result: z.object({
    id: z.number(),
    product: z.string(),
    quantity: z.number(),
    amount: z.number(),
    original_total: z.number(),
    updated_total: z.number(),
    order_form_details: badStockOrder,
  }),
});
export type BadStockTransferResult = z.infer<typeof badStockTransferResult>;

/** Spec 3 §5 "updated order total clamped between 0 and the original order total". */
export function clampOrderTotal(value: number, original: number): number {
  return Math.min(Math.max(Math.round(value), 0), original);
}
