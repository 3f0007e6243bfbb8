import type { FastifyInstance } from 'fastify';
import { insertCategory, insertProduct, insertSeller } from '../../test/catalog-fixtures.ts';

/** Test set-up shared by the purchasing tests: signed-in administrators, a seller with products, a supplier. */

export { adminHeaders, csrf, headersOf } from '../../test/admin-support.ts';

export async function purchasingWorld(app: FastifyInstance) {
  await insertCategory(app, 2, 'CEMENT');
  await insertCategory(app, 13, 'TOOLS');
  const seller = await insertSeller(app, { name: 'Bakal Pro Trading' });
  const otherSeller = await insertSeller(app, { name: 'Another Hardware' });
  const cement = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 2,
    name: 'Portland Cement 40kg',
    price: 24_500,
    stock: 10,
  });
  const hammer = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 13,
    name: 'Claw Hammer',
    price: 35_000,
    variations: [
      { name: '16 oz', price: 35_000, stock: 0 },
      { name: '20 oz', price: 42_000, stock: 3 },
    ],
  });
  const foreign = await insertProduct(app, { sellerId: otherSeller.id, categoryId: 2, name: 'Other Cement', stock: 5 });
  return {
    seller,
    otherSeller,
    cement: cement.id,
    hammer16: hammer.variations[0]!.id,
    hammer20: hammer.variations[1]!.id,
    hammerRoot: hammer.id,
    foreign: foreign.id,
  };
}
