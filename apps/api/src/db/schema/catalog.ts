import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sellerCompanies } from './sellers.ts';

/** Categories keep the ids the spec names (1 STEEL BAR, 2 CEMENT, ...), so the id is not generated. */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  photoUrl: text('photo_url'),
  bannerUrl: text('banner_url'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The product tree in one table: a product (depth 0), its variations (depth 1) and their
 * sub-variations (depth 2). Each node has its own price, discounted price, stock and quantity
 * limit; the cart and orders reference the leaf that was chosen. Money is in centavos.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellerCompanies.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    parentId: integer('parent_id').references((): any => products.id),
    /** The depth-0 product this node belongs to (itself for a product). */
    rootId: integer('root_id'),
    depth: smallint('depth').notNull().default(0),
    name: text('name').notNull(),
    brand: text('brand'),
    description: text('description'),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** 0 means no discount; shown struck through when at least ₱1. */
    discountedPrice: bigint('discounted_price', { mode: 'number' }).notNull().default(0),
    /** Changed only together with a row in stock_movements. */
    stock: integer('stock').notNull().default(0),
    quantityLimit: integer('quantity_limit').notNull().default(1200),
    /** Heavy or bulky goods (cement, steel, aggregate) for the seller's big-item shipping rate. */
    isBigItem: boolean('is_big_item').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Units sold, for the home page's best sellers. */
    soldCount: integer('sold_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_price_not_negative', sql`${t.price} >= 0 and ${t.discountedPrice} >= 0`),
    check('products_quantity_limit_positive', sql`${t.quantityLimit} >= 0`),
    index('products_seller_idx').on(t.sellerId),
    index('products_category_idx').on(t.categoryId),
    index('products_parent_idx').on(t.parentId),
    index('products_root_idx').on(t.rootId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    isThumbnail: boolean('is_thumbnail').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const productVideos = pgTable(
  'product_videos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
  },
  (t) => [index('product_videos_product_idx').on(t.productId)],
);
