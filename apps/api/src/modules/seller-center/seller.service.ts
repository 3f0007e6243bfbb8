import { sellerCenterMessages as m, messages, type SellerMe } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { sellerAndShop, shopIdOfOwner } from './shop.repository.ts';

/** The signed-in seller and the shop it owns: every seller-center call is scoped to that shop. */
export interface SellerContext {
  userId: number;
  sellerId: number;
}

/** The seller context of a signed-in account (401 without one; 403 when the account has no shop). */
export async function sellerOf(deps: Pick<Deps, 'db'>, user: { id: number } | null): Promise<SellerContext> {
  if (!user) throw new HttpError('UNAUTHENTICATED', messages.unauthenticated);
  const sellerId = await shopIdOfOwner(deps.db, user.id);
  if (sellerId === undefined) throw new HttpError('FORBIDDEN', m.noShop);
  return { userId: user.id, sellerId };
}

/** The seller's name and email and the shop's name, address and logo. */
export async function sellerMe(deps: Pick<Deps, 'db'>, { userId, sellerId }: SellerContext): Promise<SellerMe> {
  // The context was just read from this account's shop: both rows exist.
  const row = (await sellerAndShop(deps.db, userId, sellerId))!;
  return {
    user: { id: userId, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
    shop: { id: sellerId, name: row.shopName, url_handle: row.urlHandle, logo_url: row.logoUrl },
  };
}
