import { asc, eq } from 'drizzle-orm';
import { searchSynonyms } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

/** The search_synonyms table, as admin-v2 edits it (search reads it through plugins/search-synonyms.ts). */

export type SynonymRow = typeof searchSynonyms.$inferSelect;

/** A term and the words a search for it also looks for. */
export type SynonymRule = Pick<SynonymRow, 'term' | 'synonyms'>;

export async function allSynonyms(db: Conn): Promise<SynonymRow[]> {
  return db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term), asc(searchSynonyms.id));
}

export async function insertSynonym(db: Conn, rule: SynonymRule): Promise<SynonymRow> {
  const [row] = await db.insert(searchSynonyms).values({ term: rule.term, synonyms: rule.synonyms }).returning();
  return row!;
}

/** The rule, locked until the transaction ends. */
export async function lockSynonym(db: Conn, id: number): Promise<SynonymRow | undefined> {
  const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
  return row;
}

export async function updateSynonym(db: Conn, id: number, rule: SynonymRule): Promise<SynonymRow> {
  const [row] = await db
    .update(searchSynonyms)
    .set({ term: rule.term, synonyms: rule.synonyms, updatedAt: new Date() })
    .where(eq(searchSynonyms.id, id))
    .returning();
  return row!;
}

/** Deletes the rule; what it was, or undefined when there was none. */
export async function deleteSynonym(db: Conn, id: number): Promise<SynonymRow | undefined> {
  const [row] = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
  return row;
}
