import { asc, eq } from 'drizzle-orm';
import { sellerCompanies, users } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

/** The signed-in seller's account and shop. */

/** The first shop this account owns. */
export async function shopIdOfOwner(db: Conn, userId: number): Promise<number | undefined> {
  const [shop] = await db
    .select({ id: sellerCompanies.id })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.ownerUserId, userId))
    .orderBy(asc(sellerCompanies.id))
    .limit(1);
  return shop?.id;
}

/** The seller's name and email with the shop's name, address and logo. */
export async function sellerAndShop(db: Conn, userId: number, sellerId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      shopName: sellerCompanies.name,
      urlHandle: sellerCompanies.urlHandle,
      logoUrl: sellerCompanies.logoUrl,
    })
    .from(users)
    .innerJoin(sellerCompanies, eq(sellerCompanies.id, sellerId))
    .where(eq(users.id, userId));
  return row;
}
