import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { isPglite, maxId, queryRows, syncSequence } from './bulk.ts';
import { type SeedItem, seedItems } from './data/catalog.ts';
import { describe } from './data/text.ts';
import { SEED_EPOCH } from './demo.ts';
import { Prng } from './prng.ts';
import { ProductRows } from './product-rows.ts';

const modifiers = [
  'Premium',
  'Heavy Duty',
  'Contractor Grade',
  'Economy',
  'Pro Series',
  'Industrial',
  'Standard',
  'Value Pack',
  'Export Quality',
  'Superior',
  'Builder Pack',
  'Heavy Gauge',
];
const packs = ['', '', '', ' (Pack of 2)', ' (Bundle of 10)', ' (Set of 5)', ' (Box of 12)'];

/** A plausible name for a generated listing: the item, a grade or line, a series code, a pack. */
function generatedName(item: SeedItem, rng: Prng): string {
  const series = `${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(1, 99)}`;
  return `${item.name} ${rng.pick(modifiers)} Series ${series}${rng.pick(packs)}`;
}

export interface GrowOptions {
  log: (message: string) => void;
  /** Products (depth 0) written per transaction. */
  chunk?: number;
}

/**
 * Grows the catalogue to `target` products (depth 0) with generated listings over the existing approved
 * shops: names derived from the demo catalogue, the same variation shapes, pictures reused from the demo
 * pictures of the same category, and an opening ledger row for every leaf with stock. For benchmarks.
 * Returns how many products were added.
 */
export async function growCatalogue(db: Db, target: number, options: GrowOptions): Promise<number> {
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM products WHERE depth = 0`,
  );
  const missing = target - Number(count);
  if (missing <= 0) {
    options.log(`The catalogue already has ${count} products; nothing to add.`);
    return 0;
  }
  const shops = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM seller_companies WHERE status = 'approved' ORDER BY id`,
  );
  if (shops.length === 0) throw new Error('No approved shops to add products to: seed the demo first.');
  const [admin] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
  );
  const pictures = await queryRows<{ category_id: number; urls: string[] }>(
    db,
    sql`SELECT p.category_id, array_agg(DISTINCT i.url) AS urls
          FROM product_images i JOIN products p ON p.id = i.product_id
         WHERE i.sort_order = 0 AND i.url LIKE '/uploads/seed/products/%'
         GROUP BY p.category_id`,
  );
  const pool = new Map(pictures.map((row) => [Number(row.category_id), row.urls]));

  const rng = new Prng(424_242 + Number(count));
  const chunk = options.chunk ?? 5000;
  const started = performance.now();
  let added = 0;
  while (added < missing) {
    const size = Math.min(chunk, missing - added);
    await db.transaction(async (tx) => {
      // A benchmark load: no need to wait for each commit to reach the disk, and let the GIN indexes
      // (full text, trigram) collect new entries in their pending lists instead of one by one.
      await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      await tx.execute(sql`SET LOCAL gin_pending_list_limit = '64MB'`);
      const rows = new ProductRows((await maxId(tx, 'products')) + 1, (await maxId(tx, 'product_images')) + 1);
      for (let i = 0; i < size; i++) {
        const item = rng.pick(seedItems);
        const shape: SeedItem = rng.chance(0.5) ? item : { ...item, v: undefined, sv: undefined };
        const urls = pool.get(item.category) ?? [];
        rows.addListing({
          item: shape,
          name: generatedName(item, rng),
          sellerId: rng.pick(shops).id,
          rng,
          priceFactor: 0.85 + rng.next() * 0.35,
          discountPercent: rng.chance(0.2) ? rng.pick([5, 10, 15, 20]) : 0,
          description: describe(item, rng),
          quantityLimit: item.limit ?? 1200,
          images: urls.length ? [rng.pick(urls)] : [],
          createdAt: new Date(SEED_EPOCH - rng.int(1, 700) * 86_400_000).toISOString(),
          receiveReference: 'RCV-OPEN-GEN',
          actorUserId: admin?.id ?? null,
        });
      }
      await rows.write(tx, 20_000, { triggers: 'off' });
      await syncSequence(tx, 'products');
      await syncSequence(tx, 'product_images');
    });
    added += size;
    const seconds = (performance.now() - started) / 1000;
    options.log(`  ${added}/${missing} products added (${Math.round(added / seconds)} products/s)`);
  }
  // Flushes the GIN pending lists and refreshes the planner's statistics for the grown tables.
  await db.execute(sql`VACUUM (ANALYZE) products, product_images, stock_movements`);
  if (isPglite(db)) await db.execute(sql`CHECKPOINT`);
  return added;
}

/** Empties every table of the app (keeps the schema and the migration history). */
export async function truncateAll(db: Db): Promise<void> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  if (tables.length === 0) return;
  await db.execute(
    sql.raw(`TRUNCATE TABLE ${tables.map((table) => `"${table.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`),
  );
}
