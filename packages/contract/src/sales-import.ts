import { z } from 'zod';
import { shippingTypes } from './checkout.ts';

/**
 * Sales order import (spec 3 §2.4, §3, §5, §8, §9; decision 0042): a spreadsheet of one sale's lines, verified
 * against the seller's products by their secondary ID (the CODE column), then placed as one real order for a
 * customer. The rules here run in the browser (at once, while the file is read) and again on the server, which
 * re-reads the file itself on every call.
 */

/** The template's columns, in order (spec 3 §2.4). */
export const importColumns = [
  'CODE',
  'PRODUCT',
  'QTY',
  'Price Per Item',
  'Discounted Price Per Item',
  'Total Gross',
  'Total Net Amount',
  'COM. RATE',
] as const;

/** Limits of one import file: a sale's lines, never a catalogue dump. */
export const importLimits = {
  /** Bytes of the file as uploaded. */
  maxBytes: 5 * 1024 * 1024,
  /** Data rows (the header aside). */
  maxRows: 10_000,
} as const;

export const salesImportMessages = {
  /** Spec 3 §5 / §8, verbatim. */
  secondaryIdMissing: 'Row {n}: Secondary ID is missing',
  invalidQuantity: 'Row {n}: Invalid quantity',
  invalidDiscountedPrice: 'Row {n}: Invalid discounted price',
  noData: 'No data to verify. Please upload a file first.',
  sellerIdEmpty: 'Seller ID cannot be empty',
  unmatched: '{n} product(s) could not be matched. Unmatched secondary IDs: {list}.',
  verified: 'All {n} products verified successfully! You can now upload the data.',
  verificationFailed: 'Data verification failed:',
  importFailed: 'Something went wrong. Please try again later.',
  importError: 'ERROR: {message}',
  imported: 'Order has been successfully imported. Reference No.: {ref}. This page will auto refresh in 15 seconds.',
  /** Bad files (issue 20): each says what is wrong and what to do. */
  notSpreadsheet: 'This file is not a spreadsheet. Please upload an .xlsx or .csv file.',
  tooLarge: 'This file is larger than 5 MB. Please split the sale into smaller files.',
  tooManyRows: 'This file has more than 10,000 rows. Please split the sale into smaller files.',
  formulas: 'This file contains formulas (first at {cell}). Please paste the values only and upload it again.',
  wrongColumns: 'The first row must be the template columns: {columns}.',
  emptySheet: 'The sheet is empty. Please fill in the template and upload it again.',
  /** The wizard and submit (issue 20). */
  customerRequired: 'Customer ID cannot be empty',
  customerNotFound: 'Customer {id} was not found.',
  sellerNotFound: 'Seller {id} was not found or is not approved.',
  totalMismatch: 'The total {total} does not match the file, whose rows add up to {expected}.',
  voucherRequired: 'Please enter the voucher code.',
  agentNotFound: 'Agent code {code} was not found.',
  agentNotCustomers: "Agent code {code} is not the customer's agent ({agent}).",
  notVerified: 'Please verify this file before uploading it.',
  outOfStock: 'Not enough stock of {name} ({code}): {stock} left, {qty} ordered.',
  inactiveProduct: '{name} ({code}) is not listed for sale.',
} as const;

export const fillImportMessage = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** One data row as read from the file: cells as text (numbers as written), N its row number in the sheet. */
export interface ImportRow {
  /** The sheet's row number (the header is row 1), as the clerk sees it in a spreadsheet program. */
  n: number;
  secondaryId: string;
  productName: string;
  qty: string;
  price: string;
  discountedPrice: string;
  totalGross: string;
  totalNetAmount: string;
  comRate: string;
}

const numberPattern = /^-?\d+(\.\d+)?$/;
/** A number as a cell holds it ("1,250.50" and "₱1,250.50" are read as 1250.50), or null. */
export function cellNumber(text: string): number | null {
  const plain = text.trim().replace(/^₱\s*/, '').replaceAll(',', '');
  return numberPattern.test(plain) ? Number(plain) : null;
}

/** Pesos (up to 2 decimals) to centavos; null when it is not a number or has more than 2 decimals' worth. */
export function toCentavos(text: string): number | null {
  const value = cellNumber(text);
  if (value === null) return null;
  const centavos = Math.round(value * 100);
  return Math.abs(centavos - value * 100) < 1e-6 && Number.isSafeInteger(centavos) ? centavos : null;
}

/** Quantity: a whole number above 0 (stock is counted in units; decision 0036). */
export function importQuantity(text: string): number | null {
  const value = cellNumber(text);
  return value !== null && Number.isInteger(value) && value > 0 && value <= 1_000_000 ? value : null;
}

/** Spec 3 §5 "Import verify": the row rules, each row's problems in sheet order. */
export function importRowProblems(rows: readonly ImportRow[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    if (!row.secondaryId.trim()) problems.push(fillImportMessage(salesImportMessages.secondaryIdMissing, { n: row.n }));
    if (importQuantity(row.qty) === null)
      problems.push(fillImportMessage(salesImportMessages.invalidQuantity, { n: row.n }));
    const discounted = toCentavos(row.discountedPrice);
    if (discounted === null || discounted < 0) {
      problems.push(fillImportMessage(salesImportMessages.invalidDiscountedPrice, { n: row.n }));
    }
  }
  return problems;
}

/** Items total of valid rows: quantity x discounted price per item, in centavos. */
export function importItemsTotal(rows: readonly ImportRow[]): number {
  return rows.reduce((sum, row) => sum + (importQuantity(row.qty) ?? 0) * (toCentavos(row.discountedPrice) ?? 0), 0);
}

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The multipart fields of POST /admin/sales-import/verify (besides the file). */
export const salesImportVerifyFields = z.object({
  sellerID: z.string().trim().max(20),
});

export const salesImportVerifyResult = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Row messages, or the unmatched secondary IDs. */
  problems: z.array(z.string()),
  results: z.array(
    z.object({
      n: z.number(),
      secondaryID: z.string(),
      productID: z.number(),
      productName: z.string(),
      qty: z.number(),
      discountedPrice: z.number(),
      stock: z.number(),
    }),
  ),
  /** Items total in centavos (quantity x discounted price per item). */
  totalAmount: z.number(),
  /** SHA-256 of the file's bytes: the upload must send the same file. */
  fileDigest: z.string(),
});
export type SalesImportVerifyResult = z.infer<typeof salesImportVerifyResult>;

/** The multipart `data` field of POST /admin/sales-import/orders (spec 3 §3 "Import submission"). */
export const salesImportSubmission = z.object({
  /** Centavos, as the wizard's first step showed it. */
  totalAmount: z.number().int().min(0).max(1e13),
  customerID: id,
  sellerID: id,
  shippingMethod: z.enum(shippingTypes),
  hasVoucher: z.boolean(),
  voucherCode: z.string().trim().max(40).default(''),
  agentCode: z.string().trim().max(40).default(''),
  /** The digest the verification answered: the file must be the one that was verified. */
  fileDigest: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SalesImportSubmission = z.input<typeof salesImportSubmission>;

export const salesImportResult = z.object({
  success: z.literal(true),
  referenceNo: z.string(),
  message: z.string(),
  total: z.number(),
  voucherDiscount: z.number(),
  agentCode: z.string().nullable(),
});
export type SalesImportResult = z.infer<typeof salesImportResult>;

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * The import rows of a sheet read as text cells (the server and the browser each read the file into this grid):
 * the header must be the template's columns, blank rows are skipped, at most `importLimits.maxRows` data rows.
 * Answers the rows, or the message that refuses the file (nothing is verified then).
 */
export function importRowsFromGrid(grid: readonly (readonly string[])[]): { rows: ImportRow[] } | { refused: string } {
  const headerAt = grid.findIndex((cells) => cells.some((cell) => cell.trim() !== ''));
  if (headerAt < 0) return { refused: salesImportMessages.emptySheet };
  const header = grid[headerAt]!.map(normalise);
  const wanted = importColumns.map(normalise);
  if (wanted.some((column, index) => header[index] !== column)) {
    return { refused: fillImportMessage(salesImportMessages.wrongColumns, { columns: importColumns.join(', ') }) };
  }
  const rows: ImportRow[] = [];
  for (let index = headerAt + 1; index < grid.length; index += 1) {
    const cells = grid[index]!;
    if (!cells.some((cell) => cell.trim() !== '')) continue;
    if (rows.length >= importLimits.maxRows) return { refused: salesImportMessages.tooManyRows };
    const cell = (column: number) => (cells[column] ?? '').trim();
    rows.push({
      n: index + 1,
      secondaryId: cell(0),
      productName: cell(1),
      qty: cell(2),
      price: cell(3),
      discountedPrice: cell(4),
      totalGross: cell(5),
      totalNetAmount: cell(6),
      comRate: cell(7),
    });
  }
  return { rows };
}
