import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { sellerCompanies, sellerRegistrations, users } from '../../db/schema/index.ts';
import { type Conn, containsPattern } from '../../db/sql.ts';

/** The SQL of seller registration (decision 0040). */

export type RegistrationRow = typeof sellerRegistrations.$inferSelect;
export type NewRegistration = typeof sellerRegistrations.$inferInsert;
export type NewShop = typeof sellerCompanies.$inferInsert;

/** A page of approved shops, by name, for the mother company choice (spec 3 §7: name and id). */
export async function companyChoices(db: Conn, q: string, limit: number, offset: number) {
  const where = and(
    eq(sellerCompanies.status, 'approved'),
    q ? ilike(sellerCompanies.name, containsPattern(q)) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ id: sellerCompanies.id, name: sellerCompanies.name })
      .from(sellerCompanies)
      .where(where)
      .orderBy(asc(sellerCompanies.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sellerCompanies).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export async function approvedCompany(db: Conn, id: number) {
  const [row] = await db
    .select({ id: sellerCompanies.id, name: sellerCompanies.name })
    .from(sellerCompanies)
    .where(and(eq(sellerCompanies.id, id), eq(sellerCompanies.status, 'approved')));
  return row;
}

export async function companyName(db: Conn, id: number) {
  const [row] = await db
    .select({ id: sellerCompanies.id, name: sellerCompanies.name })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.id, id));
  return row;
}

/** Whether the email is a shop's email or a seller's (or an administrator's, or an agent's) sign-in. */
export async function emailBelongsToSeller(db: Conn, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const [shop] = await db
    .select({ id: sellerCompanies.id })
    .from(sellerCompanies)
    .where(sql`lower(${sellerCompanies.email}) = ${lower}`)
    .limit(1);
  if (shop) return true;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${lower}`, inArray(users.role, ['seller', 'admin', 'agent'])))
    .limit(1);
  return Boolean(user);
}

/** Any account signing in with this email (the seller account is a new one). */
export async function accountWithEmail(db: Conn, email: string) {
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

export async function pendingWithEmail(db: Conn, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sellerRegistrations.id })
    .from(sellerRegistrations)
    .where(
      and(sql`lower(${sellerRegistrations.email}) = ${email.toLowerCase()}`, eq(sellerRegistrations.status, 'pending')),
    )
    .limit(1);
  return Boolean(row);
}

/** Inserts a registration; undefined when another pending one has the same email (the partial unique index). */
export async function insertRegistration(db: Conn, values: NewRegistration): Promise<number | undefined> {
  const [row] = await db
    .insert(sellerRegistrations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: sellerRegistrations.id });
  return row?.id;
}

export async function registrationsPage(
  db: Conn,
  status: 'pending' | 'approved' | 'rejected' | 'all',
  limit: number,
  offset: number,
) {
  const where = status === 'all' ? undefined : eq(sellerRegistrations.status, status);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(sellerRegistrations)
      .where(where)
      .orderBy(
        status === 'pending' ? asc(sellerRegistrations.createdAt) : desc(sellerRegistrations.createdAt),
        desc(sellerRegistrations.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sellerRegistrations).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export async function registrationById(db: Conn, id: number, forUpdate = false): Promise<RegistrationRow | undefined> {
  const query = db.select().from(sellerRegistrations).where(eq(sellerRegistrations.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function shopHandle(db: Conn, id: number) {
  const [row] = await db
    .select({ id: sellerCompanies.id, url_handle: sellerCompanies.urlHandle })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.id, id));
  return row;
}

/** Handles taken by a shop (its url or microsite handle) among the candidates. */
export async function takenHandles(db: Conn, candidates: string[]): Promise<Set<string>> {
  const found = await db
    .select({ handle: sql<string>`lower(${sellerCompanies.urlHandle})` })
    .from(sellerCompanies)
    .where(
      sql`lower(${sellerCompanies.urlHandle}) in ${candidates} or lower(${sellerCompanies.micrositeHandle}) in ${candidates}`,
    );
  return new Set(found.map((row) => row.handle));
}

export async function insertShop(db: Conn, values: NewShop): Promise<number> {
  const [row] = await db.insert(sellerCompanies).values(values).returning({ id: sellerCompanies.id });
  return row!.id;
}

export async function setShopOwner(db: Conn, shopId: number, userId: number, logoUrl: string) {
  await db.update(sellerCompanies).set({ ownerUserId: userId, logoUrl }).where(eq(sellerCompanies.id, shopId));
}

export async function insertSellerUser(db: Conn, values: typeof users.$inferInsert): Promise<number | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return row?.id;
}

/** Marks a pending registration decided; false when it was no longer pending. */
export async function markDecided(
  db: Conn,
  id: number,
  decision: { status: 'approved' | 'rejected'; decidedBy: number; reason?: string | null; sellerId?: number | null },
): Promise<boolean> {
  const updated = await db
    .update(sellerRegistrations)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: new Date(),
      reason: decision.reason ?? null,
      sellerId: decision.sellerId ?? null,
    })
    .where(and(eq(sellerRegistrations.id, id), eq(sellerRegistrations.status, 'pending')))
    .returning({ id: sellerRegistrations.id });
  return updated.length === 1;
}
