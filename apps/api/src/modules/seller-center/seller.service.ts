import { sellerCenterMessages as m, messages, type SellerMe } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { accountOf, shopIdOfOwner, shopOf } from './shop.repository.ts';

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
  const user = await accountOf(deps.db, userId);
  const shop = await shopOf(deps.db, sellerId);
  return {
    user: { id: userId, name: `${user!.firstName} ${user!.lastName}`.trim(), email: user!.email },
    shop: { id: sellerId, name: shop!.name, url_handle: shop!.urlHandle, logo_url: shop!.logoUrl },
  };
}
