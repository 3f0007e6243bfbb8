import { and, eq, sql } from 'drizzle-orm';
import { sellerCompanies } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

/** The shop's own profile as its seller edits it, and whether it has a product yet. */
export async function shopProfileRow(db: Conn, sellerId: number) {
  const [row] = await db
    .select({
      name: sellerCompanies.name,
      urlHandle: sellerCompanies.urlHandle,
      descriptionHtml: sellerCompanies.descriptionHtml,
      phone: sellerCompanies.phone,
      logoUrl: sellerCompanies.logoUrl,
      bannerUrl: sellerCompanies.bannerUrl,
      hasProduct: sql<boolean>`exists (select 1 from products p where p.seller_id = ${sellerId})`,
    })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.id, sellerId));
  return row;
}

export async function updateShopProfile(
  db: Conn,
  sellerId: number,
  values: { descriptionHtml: string; phone: string },
) {
  await db.update(sellerCompanies).set(values).where(eq(sellerCompanies.id, sellerId));
}

/** Sets the banner and answers the one it replaced (null when none). */
export async function replaceBanner(db: Conn, sellerId: number, url: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ url: sellerCompanies.bannerUrl })
      .from(sellerCompanies)
      .where(and(eq(sellerCompanies.id, sellerId)))
      .for('update');
    await tx.update(sellerCompanies).set({ bannerUrl: url }).where(eq(sellerCompanies.id, sellerId));
    return old?.url ?? null;
  });
}
