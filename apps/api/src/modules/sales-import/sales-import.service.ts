import { createHash } from 'node:crypto';
import {
  fillImportMessage,
  formatPeso2,
  type ImportRow,
  importItemsTotal,
  importQuantity,
  importRowProblems,
  type SalesImportResult,
  type SalesImportVerifyResult,
  salesImportMessages,
  type salesImportSubmission,
  toCentavos,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { type AdminAct, insertAudit } from '../admin/index.ts';
import { type ImportedLine, placeImportedOrder } from '../checkout/index.ts';
import * as repo from './sales-import.repository.ts';
import { readImportFile } from './spreadsheet.ts';

/**
 * Sales order import (spec 3 §2.4, §5, §8; decision 0042). Verify reads the file, applies the row rules and matches
 * every secondary ID to one of the seller's products; the upload reads the same file again (its digest must be the
 * verified one), verifies it again, and places the order through the checkout's entrance.
 */

type Submission = z.output<typeof salesImportSubmission>;
type DbDeps = Pick<Deps, 'db'>;

const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const failed = (problems: string[]): SalesImportVerifyResult => ({
  success: false,
  message:
    problems.length === 1 && !problems[0]!.startsWith('Row ') ? problems[0]! : salesImportMessages.verificationFailed,
  problems,
  results: [],
  totalAmount: 0,
  fileDigest: '',
});

interface Checked {
  result: SalesImportVerifyResult;
  lines: ImportedLine[];
}

/** The rows checked and matched against the seller's products. */
async function check(deps: DbDeps, rows: ImportRow[], sellerText: string, digest: string): Promise<Checked> {
  const none = { lines: [] };
  if (rows.length === 0) return { result: failed([salesImportMessages.noData]), ...none };
  const sellerId = Number(sellerText.trim());
  if (!sellerText.trim()) return { result: failed([salesImportMessages.sellerIdEmpty]), ...none };
  const problems = importRowProblems(rows);
  if (problems.length > 0) return { result: failed(problems), ...none };
  const seller =
    Number.isInteger(sellerId) && sellerId > 0 && sellerId < 2 ** 31
      ? await repo.approvedSeller(deps.db, sellerId)
      : null;
  if (!seller)
    return {
      result: failed([fillImportMessage(salesImportMessages.sellerNotFound, { id: sellerText.trim() })]),
      ...none,
    };

  const codes = [...new Set(rows.map((row) => row.secondaryId))];
  const found = new Map((await repo.productsByCode(deps.db, sellerId, codes)).map((p) => [p.secondary_id, p]));
  const unmatched = codes.filter((code) => !found.has(code));
  if (unmatched.length > 0) {
    const message = fillImportMessage(salesImportMessages.unmatched, {
      n: unmatched.length,
      list: unmatched.join(', '),
    });
    return { result: { ...failed([message]), message }, ...none };
  }
  const inactive = codes.map((code) => found.get(code)!).find((product) => !product.active);
  if (inactive) {
    const message = fillImportMessage(salesImportMessages.inactiveProduct, {
      name: inactive.product_name,
      code: inactive.secondary_id,
    });
    return { result: failed([message]), ...none };
  }
  const lines = rows.map((row) => {
    const product = found.get(row.secondaryId)!;
    return {
      productId: product.product_id,
      rootProductId: product.root_product_id,
      productName: product.product_name,
      variationName: product.variation_name,
      subVariationName: product.sub_variation_name,
      photo: product.photo,
      unitPrice: toCentavos(row.discountedPrice)!,
      quantity: importQuantity(row.qty)!,
      code: row.secondaryId,
    };
  });
  return {
    lines,
    result: {
      success: true,
      message: fillImportMessage(salesImportMessages.verified, { n: rows.length }),
      problems: [],
      results: rows.map((row, index) => ({
        n: row.n,
        secondaryID: row.secondaryId,
        productID: lines[index]!.productId,
        productName: row.productName || lines[index]!.productName,
        qty: lines[index]!.quantity,
        discountedPrice: lines[index]!.unitPrice,
        stock: found.get(row.secondaryId)!.stock,
      })),
      totalAmount: importItemsTotal(rows),
      fileDigest: digest,
    },
  };
}

/** POST /admin/sales-import/verify: the file and the seller ID (spec 3 §7 "verify integrity"). Changes nothing. */
export async function verify(
  deps: DbDeps,
  file: Buffer | undefined,
  sellerID: string,
): Promise<SalesImportVerifyResult> {
  const rows = await readImportFile(file);
  return (await check(deps, rows, sellerID, digestOf(file!))).result;
}

/**
 * POST /admin/sales-import/orders: the verified file again and the wizard's answers (spec 3 §3 "Import
 * submission"). The same Idempotency-Key with the same import answers the first order again.
 */
export async function importOrder(
  deps: DbDeps,
  act: AdminAct,
  idempotencyKey: string,
  file: Buffer | undefined,
  input: Submission,
): Promise<SalesImportResult> {
  const rows = await readImportFile(file);
  const digest = digestOf(file!);
  const refuse = (message: string, field?: string) =>
    new HttpError('BUSINESS_RULE', message, field ? { [field]: message } : undefined);
  if (digest !== input.fileDigest) throw refuse(salesImportMessages.notVerified, 'file');
  const { result, lines } = await check(deps, rows, String(input.sellerID), digest);
  if (!result.success)
    throw refuse([result.message, ...result.problems.filter((p) => p !== result.message)].join(' '), 'file');
  if (input.totalAmount !== result.totalAmount) {
    throw refuse(
      fillImportMessage(salesImportMessages.totalMismatch, {
        total: formatPeso2(input.totalAmount),
        expected: formatPeso2(result.totalAmount),
      }),
      'totalAmount',
    );
  }
  if (input.hasVoucher && !input.voucherCode) throw refuse(salesImportMessages.voucherRequired, 'voucherCode');
  const address = await repo.customerAddress(deps.db, input.customerID);
  if (!address) {
    throw new HttpError(
      'NOT_FOUND',
      fillImportMessage(salesImportMessages.customerNotFound, { id: input.customerID }),
      {
        customerID: fillImportMessage(salesImportMessages.customerNotFound, { id: input.customerID }),
      },
    );
  }

  const order = await placeImportedOrder(deps.db, {
    customerId: input.customerID,
    sellerId: input.sellerID,
    actorUserId: act.adminId,
    idempotencyKey: `sales-import:${idempotencyKey}`,
    requestHash: createHash('sha256').update(JSON.stringify({ input, digest })).digest('hex'),
    shippingType: input.shippingMethod,
    lines,
    voucherCode: input.hasVoucher ? input.voucherCode : null,
    agentCode: input.agentCode,
    isAgentCode: (code) => repo.isAgentCode(deps.db, code),
    delivery: { address: address.address ?? '', latitude: address.latitude, longitude: address.longitude },
  });
  await insertAudit(deps.db, act, 'sales_import.order', 200, {
    reference: order.reference,
    customerId: input.customerID,
    sellerId: input.sellerID,
    rows: rows.length,
    fileDigest: digest,
  });
  return {
    success: true,
    referenceNo: order.reference,
    message: fillImportMessage(salesImportMessages.imported, { ref: order.reference }),
    total: order.total,
    voucherDiscount: order.voucherDiscount,
    agentCode: order.agentCode,
  };
}
