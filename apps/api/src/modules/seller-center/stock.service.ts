import { sellerCenterMessages as m } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { returnStock, takeStock } from '../../lib/stock-ledger.ts';
import * as repository from './products.repository.ts';
import { productNotFound } from './products.service.ts';
import type { SellerContext } from './seller.service.ts';

/**
 * A signed change of one leaf's stock, written to the ledger with the seller's reason ('adjustment').
 * Stock never goes below zero: a larger decrease changes nothing and says how many are in stock.
 */
export async function adjustStock(
  deps: Pick<Deps, 'db'>,
  seller: SellerContext,
  nodeId: number,
  change: { quantity: number; reason: string },
) {
  return deps.db.transaction(async (tx) => {
    const node = await repository.lockOwnedNode(tx, seller.sellerId, nodeId);
    if (!node) throw productNotFound();
    if ((await repository.activeChildCount(tx, nodeId)) > 0) throw new HttpError('BUSINESS_RULE', m.stockNotLeaf);
    const movement = {
      productId: nodeId,
      reference: 'seller-center',
      reason: change.reason,
      actorUserId: seller.userId,
    };
    if (change.quantity < 0) {
      const taken = await takeStock(tx, { ...movement, quantity: -change.quantity }, 'adjustment');
      if (!taken) {
        const message = m.stockBelowZero.replace('{n}', String(node.stock));
        throw new HttpError('CONFLICT', message, { quantity: message });
      }
    } else {
      await returnStock(tx, { ...movement, quantity: change.quantity }, 'adjustment');
    }
    const stock = await repository.stockOf(tx, nodeId);
    await repository.updateNode(tx, nodeId, { updatedAt: new Date() });
    return { product_id: nodeId, stock: stock ?? 0 };
  });
}
