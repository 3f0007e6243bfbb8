import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cartItems } from '../../db/schema/index.ts';
import { authHeaders, insertCategory, insertProduct, insertSeller, insertUser } from '../../test/catalog-fixtures.ts';

/** The catalogue the cart tests (cart-add.test.ts, cart.test.ts) work on, and their helpers. */

/** Products of every shape a cart line can point at: plain, capped by stock, huge stock, a tree, inactive, unlisted. */
export async function insertCartCatalog(app: FastifyInstance) {
  await insertCategory(app, 2, 'CEMENT');
  await insertCategory(app, 3, 'PAINT');
  const seller = await insertSeller(app);
  const pending = await insertSeller(app, { status: 'pending' });
  const simple = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 2,
    name: 'Cement',
    stock: 500,
    quantityLimit: 300,
  });
  const capped = await insertProduct(app, { sellerId: seller.id, categoryId: 2, name: 'Sand', stock: 80 });
  const huge = await insertProduct(app, { sellerId: seller.id, categoryId: 2, name: 'Gravel', stock: 50000 });
  const tree = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 3,
    name: 'Paint',
    variations: [
      {
        name: '1 Liter',
        subVariations: [
          { name: 'White', stock: 900, quantityLimit: 600 },
          { name: 'Red', stock: 0 },
          { name: 'Gone', stock: 10, isActive: false },
        ],
      },
      { name: '4 Liters', stock: 150 },
      { name: 'Hidden', stock: 10, isActive: false },
    ],
  });
  const inactive = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 2,
    name: 'Old',
    stock: 5,
    isActive: false,
  });
  const other = await insertProduct(app, {
    sellerId: seller.id,
    categoryId: 3,
    name: 'Other paint',
    variations: [{ name: 'Only', stock: 10, subVariations: [{ name: 'Green', stock: 10 }] }],
  });
  const pendingSellerProduct = await insertProduct(app, {
    sellerId: pending.id,
    categoryId: 2,
    name: 'Unlisted',
    stock: 9,
  });
  return { simple, capped, huge, tree, inactive, other, pendingSellerProduct };
}

/** A new buyer and the headers of their session. */
export async function newBuyer(app: FastifyInstance) {
  const user = await insertUser(app);
  return { user, headers: await authHeaders(app, user) };
}

/** POST /cart/items. */
export function addToCart(app: FastifyInstance, headers: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/cart/items', headers, payload });
}

/** The customer's lines as stored. */
export async function storedLines(app: FastifyInstance, customerId: number) {
  return app.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId));
}
