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

export async function accountOf(db: Conn, userId: number) {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

export async function shopOf(db: Conn, sellerId: number) {
  const [shop] = await db
    .select({ name: sellerCompanies.name, urlHandle: sellerCompanies.urlHandle, logoUrl: sellerCompanies.logoUrl })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.id, sellerId));
  return shop;
}
