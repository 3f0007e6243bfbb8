import { z } from 'zod';

/**
 * Back office I (spec 3 §2.4, §3, §5): suppliers, warehouses, purchase orders and their approval, purchase
 * receives into a warehouse, and the inventory report over the stock ledger. Money is integer centavos;
 * quantities are whole selling units (stock is counted in units; decision 0036).
 */

/** Spec 3 §4 "Pending to Approved or Rejected"; a PO whose every unit was received is Closed. */
export const purchaseOrderStatuses = ['Pending', 'Approved', 'Rejected', 'Closed'] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];
/** Spec 3 §7 "accept/reject purchase order": the decision values. */
export const purchaseOrderDecisions = ['Approved', 'Rejected'] as const;
/** Spec 3 §9 "Receive condition options: Good (default), Damaged, Expired." */
export const receiveConditions = ['Good', 'Damaged', 'Expired'] as const;
export type ReceiveCondition = (typeof receiveConditions)[number];
/** Spec 3 §9 report category options besides the loaded categories. TOOLS is category 13 (the spec's ids). */
export const reportCategoryGroups = [
  { value: 'building', label: 'Building Materials' },
  { value: 'tools', label: 'Tools' },
] as const;
export const TOOLS_CATEGORY_ID = 13;

export const purchasingMessages = {
  /** Spec 3 §5 "Purchase receive". */
  overBalance: 'Cannot receive more than available balance ({balance})',
  required: 'This field is required.',
  supplierRequired: 'Please choose a supplier.',
  sellerRequired: 'Please choose a seller.',
  orderDateRequired: 'Please enter the order date.',
  productRequired: 'Please choose a product.',
  quantityRequired: 'Please enter a quantity above 0.',
  wholeUnits: 'Enter a whole number of units.',
  unitPriceRequired: 'Please enter a unit price.',
  linesRequired: 'Please add at least one product.',
  productNotSellers: "This product is not one of the seller's products.",
  productRepeated: 'This product is already on the purchase order.',
  purchaseOrderRequired: 'Please choose a purchase order.',
  receiveDateRequired: 'Please enter the receive date.',
  deliveryRefRequired: 'Please enter the delivery reference number.',
  deliveryDateRequired: 'Please enter the delivery date.',
  warehouseRequired: 'Please choose a warehouse.',
  poItemRequired: 'Please choose a PO item.',
  receivedRequired: 'Please enter the received quantity.',
  expiryRequired: 'Please enter the expiry date.',
  conditionRequired: 'Please choose a condition.',
  itemsRequired: 'Please add at least one item.',
  poNotReceivable: 'This purchase order is not approved or has nothing left to receive.',
  poItemNotOnPo: 'This item is not on the chosen purchase order.',
  alreadyDecided: 'This purchase order was already {status}.',
  notFound: 'This purchase order does not exist.',
  supplierNotFound: 'This supplier does not exist.',
  warehouseNotFound: 'This warehouse does not exist.',
  sellerNotFound: 'This seller does not exist.',
  nameRequired: 'Please enter a name.',
  supplierTaken: 'There is already a supplier with this name.',
  warehouseTaken: 'There is already a warehouse with this name.',
  saved: 'Saved.',
  dateOrder: 'The start date must be on or before the end date.',
  rangeTooLong: 'Choose a period of at most 366 days.',
  dateInvalid: 'Please enter a valid date.',
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, purchasingMessages.dateInvalid);
/** An id the form must choose: missing, null or not an id all say the field's message. */
const requiredId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
/** Whole units, at most a million per line. */
const quantity = z
  .number({ error: purchasingMessages.quantityRequired })
  .positive(purchasingMessages.quantityRequired)
  .int(purchasingMessages.wholeUnits)
  .max(1_000_000);
/** Centavos, at most ₱100,000,000.00 per unit. */
const centavos = z
  .number({ error: purchasingMessages.unitPriceRequired })
  .int()
  .min(0, purchasingMessages.unitPriceRequired)
  .max(10_000_000_000);

// Suppliers and warehouses.

export const supplierInput = z
  .object({
    supplier_name: z
      .string({ error: purchasingMessages.nameRequired })
      .trim()
      .min(1, purchasingMessages.nameRequired)
      .max(120),
    contact_person: z.string().trim().max(120).default(''),
    phone: z.string().trim().max(40).default(''),
    email: z.string().trim().max(254).default(''),
    address: z.string().trim().max(300).default(''),
  })
  .strict();
export type SupplierInput = z.input<typeof supplierInput>;
export const supplier = z.object({
  id: z.number(),
  supplier_name: z.string(),
  contact_person: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
});
export type Supplier = z.infer<typeof supplier>;
export const supplierList = z.object({ items: z.array(supplier) });

export const warehouseInput = z
  .object({
    name: z.string({ error: purchasingMessages.nameRequired }).trim().min(1, purchasingMessages.nameRequired).max(120),
    address: z.string().trim().max(300).default(''),
  })
  .strict();
export type WarehouseInput = z.input<typeof warehouseInput>;
export const warehouse = z.object({ id: z.number(), name: z.string(), address: z.string() });
export type Warehouse = z.infer<typeof warehouse>;
export const warehouseList = z.object({ items: z.array(warehouse) });

/** Spec 3 §7 "get PO sellers": sellers sorted by company name. */
export const poSellerList = z.object({ items: z.array(z.object({ id: z.number(), company_name: z.string() })) });
export type PoSeller = z.infer<typeof poSellerList>['items'][number];
/** Spec 3 §3 "PO product: id, menu, price": the seller's stock-keeping products (leaves), menu = full name. */
export const poProductList = z.object({
  items: z.array(z.object({ id: z.number(), menu: z.string(), price: z.number() })),
});
export type PoProduct = z.infer<typeof poProductList>['items'][number];

// Purchase orders.

export const purchaseOrderRequest = z
  .object({
    supplierId: requiredId(purchasingMessages.supplierRequired),
    sellerCompanyId: requiredId(purchasingMessages.sellerRequired),
    orderDate: z
      .string({ error: purchasingMessages.orderDateRequired })
      .min(1, purchasingMessages.orderDateRequired)
      .pipe(isoDate),
    remarks: z.string().trim().max(500).default(''),
    poItems: z
      .array(
        z
          .object({
            productId: requiredId(purchasingMessages.productRequired),
            quantity,
            unitPrice: centavos,
          })
          .strict(),
      )
      .min(1, purchasingMessages.linesRequired)
      .max(100),
  })
  .strict();
export type PurchaseOrderRequest = z.input<typeof purchaseOrderRequest>;

export const purchaseOrderLine = z.object({
  id: z.number(),
  product_id: z.number(),
  product: z.object({ id: z.number(), menu: z.string() }),
  quantity: z.number(),
  quantity_balance: z.number(),
  unit_price: z.number(),
  total_amount: z.number(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLine>;

export const purchaseOrder = z.object({
  id: z.number(),
  po_reference_no: z.string(),
  order_date: z.string(),
  supplier: z.object({ id: z.number(), supplier_name: z.string() }),
  seller_company: z.object({ id: z.number(), company_name: z.string() }),
  remarks: z.string(),
  status: z.enum(purchaseOrderStatuses),
  total_amount: z.number(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  purchase_order_details: z.array(purchaseOrderLine),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;
export const purchaseOrderList = z.object({ items: z.array(purchaseOrder) });
export const purchaseOrderListQuery = z.object({
  status: z.enum(['ALL', ...purchaseOrderStatuses]).default('ALL'),
});

export const purchaseOrderDecision = z
  .object({
    approvalStatus: z.enum(purchaseOrderDecisions),
    remarks: z.string().trim().max(500).default(''),
  })
  .strict();
export type PurchaseOrderDecision = z.input<typeof purchaseOrderDecision>;
/** Spec 3 §7 "success, data.result". */
export const purchaseOrderDecisionResult = z.object({
  success: z.literal(true),
  data: z.object({ result: purchaseOrder }),
});
export type PurchaseOrderDecisionResult = z.infer<typeof purchaseOrderDecisionResult>;

/** Spec 3 §3 "Available PO": approved POs with a balance, and their lines with one. */
export const availablePurchaseOrder = z.object({
  id: z.number(),
  po_reference_no: z.string(),
  remarks: z.string(),
  supplier_name: z.string(),
  company_name: z.string(),
  poItems: z.array(
    z.object({
      id: z.number(),
      product_id: z.number(),
      menu: z.string(),
      quantity: z.number(),
      unit_price: z.number(),
      quantity_balance: z.number(),
    }),
  ),
});
export type AvailablePurchaseOrder = z.infer<typeof availablePurchaseOrder>;
export const availablePurchaseOrderList = z.object({ items: z.array(availablePurchaseOrder) });

// Purchase receives.

const requiredDate = (message: string) => z.string({ error: message }).min(1, message).pipe(isoDate);

export const purchaseReceiveRequest = z
  .object({
    purchaseOrderId: requiredId(purchasingMessages.purchaseOrderRequired),
    receiveDate: requiredDate(purchasingMessages.receiveDateRequired),
    deliveryRefNo: z
      .string({ error: purchasingMessages.deliveryRefRequired })
      .trim()
      .min(1, purchasingMessages.deliveryRefRequired)
      .max(60),
    deliveryDate: requiredDate(purchasingMessages.deliveryDateRequired),
    warehouseId: requiredId(purchasingMessages.warehouseRequired),
    remarks: z.string().trim().max(500).default(''),
    poItems: z
      .array(
        z
          .object({
            purchaseOrderDetailId: requiredId(purchasingMessages.poItemRequired),
            quantityReceived: z
              .number({ error: purchasingMessages.receivedRequired })
              .positive(purchasingMessages.receivedRequired)
              .int(purchasingMessages.wholeUnits)
              .max(1_000_000),
            expiryDate: requiredDate(purchasingMessages.expiryRequired),
            condition: z.enum(receiveConditions, { error: purchasingMessages.conditionRequired }).default('Good'),
          })
          .strict(),
      )
      .min(1, purchasingMessages.itemsRequired)
      .max(100),
  })
  .strict();
export type PurchaseReceiveRequest = z.input<typeof purchaseReceiveRequest>;

export const purchaseReceive = z.object({
  id: z.number(),
  receive_reference_no: z.string(),
  po_reference_no: z.string(),
  receive_date: z.string(),
  delivery_reference_no: z.string(),
  delivery_date: z.string(),
  warehouse: z.object({ id: z.number(), name: z.string() }),
  remarks: z.string(),
  created_at: z.string(),
  purchase_receive_details: z.array(
    z.object({
      id: z.number(),
      product: z.object({ id: z.number(), menu: z.string() }),
      quantity_received: z.number(),
      unit_price: z.number(),
      expiry_date: z.string(),
      condition: z.enum(receiveConditions),
    }),
  ),
});
export type PurchaseReceive = z.infer<typeof purchaseReceive>;
/** Spec 3 §7 "create purchase receive: success, results". */
export const purchaseReceiveResult = z.object({ success: z.literal(true), results: purchaseReceive });
export type PurchaseReceiveResult = z.infer<typeof purchaseReceiveResult>;
export const purchaseReceiveList = z.object({ items: z.array(purchaseReceive) });

// Inventory report.

export const inventoryReportQuery = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    sellerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** A category id, or 'building' / 'tools'. */
    categoryId: z
      .union([z.enum(['building', 'tools']), z.coerce.number().int().positive().max(2_147_483_647)])
      .optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .strict()
  .refine((q) => q.startDate <= q.endDate, { message: purchasingMessages.dateOrder, path: ['endDate'] })
  .refine((q) => daysBetween(q.startDate, q.endDate) <= 366, {
    message: purchasingMessages.rangeTooLong,
    path: ['endDate'],
  });
export type InventoryReportQuery = z.input<typeof inventoryReportQuery>;

function daysBetween(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
}

/** Spec 3 §3 "Inventory report row"; stock value = productPrice x closingStock (centavos). */
export const inventoryReportRow = z.object({
  id: z.number(),
  productId: z.number(),
  productName: z.string(),
  openingStock: z.number(),
  stockIn: z.number(),
  stockOut: z.number(),
  badStock: z.number(),
  committedStock: z.number(),
  closingStock: z.number(),
  productPrice: z.number(),
  stockValue: z.number(),
});
export type InventoryReportRow = z.infer<typeof inventoryReportRow>;
export const inventoryReport = z.object({
  success: z.literal(true),
  message: z.string(),
  results: z.array(inventoryReportRow),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  /** Stock movement per Asia/Manila day of the period, over every row of the filter (not only this page). */
  chart: z.array(z.object({ day: z.string(), stockIn: z.number(), stockOut: z.number(), badStock: z.number() })),
});
export type InventoryReport = z.infer<typeof inventoryReport>;
/** Spec 3 §3 "Category: category_id, product_category". */
export const inventoryCategoryList = z.object({
  items: z.array(z.object({ category_id: z.number(), product_category: z.string() })),
});

/** What waits for the back office (for the dashboard and the purchasing pages). */
export const LOW_STOCK_AT = 10;
export const backOfficeSummary = z.object({
  pending_purchase_orders: z.number(),
  purchase_orders_to_receive: z.number(),
  /** Stock-keeping products with at most LOW_STOCK_AT units, fewest first (at most 10). */
  low_stock: z.array(
    z.object({ productId: z.number(), productName: z.string(), company_name: z.string(), stock: z.number() }),
  ),
});
export type BackOfficeSummary = z.infer<typeof backOfficeSummary>;
