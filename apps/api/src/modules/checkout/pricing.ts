import { formatPeso, messages, type VoucherSummary } from '@tibay/contract';
import { HttpError } from '../../http/http-error.ts';
import type { LineRow, VoucherRow } from './checkout.repository.ts';

/** One seller's share of a checkout: its lines and totals (centavos). */
export interface SellerGroup {
  sellerId: number;
  lines: LineRow[];
  itemsTotal: number;
  weightKg: number;
}

export function lineName(line: Pick<LineRow, 'product_name' | 'variation_name' | 'sub_variation_name'>): string {
  return [line.product_name, line.variation_name, line.sub_variation_name].filter(Boolean).join(' / ');
}

export function lineTotal(line: LineRow): number {
  return line.unit_price * line.quantity;
}

/** Lines grouped by seller, in seller id order (the order loadLines returns). */
export function groupBySeller(lines: LineRow[]): SellerGroup[] {
  const groups = new Map<number, SellerGroup>();
  for (const line of lines) {
    let group = groups.get(line.seller_id);
    if (!group) {
      group = { sellerId: line.seller_id, lines: [], itemsTotal: 0, weightKg: 0 };
      groups.set(line.seller_id, group);
    }
    group.lines.push(line);
    group.itemsTotal += lineTotal(line);
    group.weightKg += (line.weight_grams * line.quantity) / 1000;
  }
  return [...groups.values()].map((group) => ({ ...group, weightKg: Math.round(group.weightKg * 1000) / 1000 }));
}

/**
 * Checks that every requested cart line is the customer's and can still be bought as it is. Another customer's
 * line is "not found" (404); a line whose product or shop is no longer listed, or whose stock is now short, is a
 * conflict the buyer must fix in the cart.
 */
export function assertLines(lines: LineRow[], ids: readonly number[]): void {
  const found = new Set(lines.map((line) => line.cart_item_id));
  if (ids.some((id) => !found.has(id))) throw new HttpError('NOT_FOUND', messages.cartItemNotFound);
  for (const line of lines) {
    // Unmarked in the cart since the page read it (another tab or device): not what the buyer saw.
    if (!line.active || !line.marked) throw new HttpError('CONFLICT', messages.cartChanged);
    if (line.stock < line.quantity) {
      throw new HttpError('CONFLICT', messages.outOfStockAtCheckout.replace('{name}', lineName(line)));
    }
  }
}

export interface AppliedVoucher {
  voucher: VoucherRow;
  discount: number;
  /** Discount per seller id; the parts sum exactly to discount. */
  perSeller: Map<number, number>;
}

/**
 * Checks a voucher for these groups and computes its discount on the items (never on shipping): fixed (at most
 * the eligible items) or percent (rounded down, capped by max_discount). A seller's voucher counts only that
 * seller's items. The minimum spend is measured on the eligible items. The discount is split across the seller
 * orders in proportion to their eligible items, largest remainder first, so the parts sum exactly.
 */
export function applyVoucher(voucher: VoucherRow | null, groups: SellerGroup[], now = new Date()): AppliedVoucher {
  const rule = (message: string) => new HttpError('BUSINESS_RULE', message, { voucher_code: message });
  if (!voucher?.is_active) throw rule(messages.voucherNotFound);
  if (now < voucher.valid_from) throw rule(messages.voucherNotYetValid);
  if (now >= voucher.valid_until) throw rule(messages.voucherExpired);
  const eligible = groups.filter((group) => voucher.seller_id === null || group.sellerId === voucher.seller_id);
  const eligibleTotal = eligible.reduce((sum, group) => sum + group.itemsTotal, 0);
  if (eligible.length === 0 || eligibleTotal <= 0) throw rule(messages.voucherNotForTheseItems);
  if (eligibleTotal < voucher.min_spend) {
    throw rule(messages.voucherMinimumSpend.replace('{amount}', formatPeso(voucher.min_spend)));
  }
  if (voucher.usage_limit !== null && voucher.used_count >= voucher.usage_limit) throw rule(messages.voucherFullyUsed);
  if (voucher.customer_uses >= voucher.per_customer_limit) throw rule(messages.voucherAlreadyUsed);

  let discount =
    voucher.discount_type === 'percent'
      ? Math.floor((eligibleTotal * Math.min(100, voucher.amount)) / 100)
      : Math.min(voucher.amount, eligibleTotal);
  if (voucher.discount_type === 'percent' && voucher.max_discount !== null) {
    discount = Math.min(discount, voucher.max_discount);
  }
  return { voucher, discount, perSeller: splitProportionally(discount, eligible) };
}

export function splitProportionally(total: number, groups: { sellerId: number; itemsTotal: number }[]) {
  const weight = groups.reduce((sum, group) => sum + group.itemsTotal, 0);
  const parts = groups.map((group) => {
    const exact = weight === 0 ? 0 : (total * group.itemsTotal) / weight;
    return { sellerId: group.sellerId, part: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = total - parts.reduce((sum, p) => sum + p.part, 0);
  for (const p of [...parts].sort((a, b) => b.remainder - a.remainder || a.sellerId - b.sellerId)) {
    if (left <= 0) break;
    p.part += 1;
    left -= 1;
  }
  return new Map(parts.map((p) => [p.sellerId, p.part]));
}

export function voucherSummaryOf(voucher: VoucherRow): VoucherSummary {
  return {
    id: voucher.id,
    code: voucher.code,
    description: voucher.description,
    discount_type: voucher.discount_type,
    amount: voucher.amount,
    min_spend: voucher.min_spend,
    valid_until: voucher.valid_until.toISOString(),
  };
}
