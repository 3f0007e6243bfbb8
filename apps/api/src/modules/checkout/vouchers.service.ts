import {
  messages,
  type SuggestedVouchersResponse,
  type VoucherCheckResponse,
  type voucherCheckRequest,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { suggestedVouchers, voucherByCode } from './checkout.repository.ts';
import { chosenGroups } from './checkout.service.ts';
import { applyVoucher, voucherSummaryOf } from './pricing.ts';

/** GET /vouchers/suggested: active, within their window, not used up, and not yet used up by this customer. */
export async function suggested({ db }: Pick<Deps, 'db'>, customerId: number): Promise<SuggestedVouchersResponse> {
  return { vouchers: (await suggestedVouchers(db, customerId)).map(voucherSummaryOf) };
}

/** POST /vouchers/check: the voucher's discount on the chosen cart lines, or the reason it cannot be used (422). */
export async function check(
  { db }: Pick<Deps, 'db'>,
  customerId: number,
  input: z.output<typeof voucherCheckRequest>,
): Promise<VoucherCheckResponse> {
  const { groups } = await chosenGroups(db, customerId, input.cart_item_ids);
  const applied = applyVoucher(await voucherByCode(db, input.code, customerId), groups);
  return {
    message: messages.voucherFound,
    voucher: { ...voucherSummaryOf(applied.voucher), discount: applied.discount },
  };
}
