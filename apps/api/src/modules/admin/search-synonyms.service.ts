import { type SearchSynonym, type searchSynonymInput, synonymMessages } from '@tibay/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { auditLog, searchSynonyms } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';

/**
 * Search synonyms in admin-v2: list, add, change, delete. Each change is written with its audit_log row in one
 * transaction (action search_synonym_created / _updated / _deleted, detail: the rule before and after), then
 * this process's synonym cache is dropped so the next search uses it; other processes see it within
 * SEARCH_SYNONYMS_CACHE_MS (plugins/search-synonyms.ts).
 */

type Input = z.output<typeof searchSynonymInput>;
type Row = typeof searchSynonyms.$inferSelect;

/** Who changed it, and the request, for the audit log. */
export interface AdminAct {
  adminId: number;
  method: string;
  path: string;
  ip: string;
}

function toSynonym(row: Row): SearchSynonym {
  return { id: row.id, term: row.term, synonyms: row.synonyms, updated_at: row.updatedAt.toISOString() };
}

const ruleOf = (row: Row) => ({ term: row.term, synonyms: row.synonyms });

export async function listSynonyms(app: FastifyInstance): Promise<{ items: SearchSynonym[] }> {
  const found = await app.db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term), asc(searchSynonyms.id));
  return { items: found.map(toSynonym) };
}

/** Two rules for one term would make search pick one at random: the unique index refuses the second. */
function isTermTaken(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function write<T>(app: FastifyInstance, change: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    const result = await app.db.transaction(change);
    app.searchSynonyms.changed();
    return result;
  } catch (error) {
    if (isTermTaken(error)) {
      throw new HttpError('CONFLICT', synonymMessages.termTaken, { term: synonymMessages.termTaken });
    }
    throw error;
  }
}

function audit(tx: Tx, act: AdminAct, action: string, statusCode: number, detail: Record<string, unknown>) {
  return tx.insert(auditLog).values({
    actorUserId: act.adminId,
    action,
    method: act.method,
    path: act.path,
    ip: act.ip,
    statusCode,
    detail,
  });
}

export async function createSynonym(app: FastifyInstance, input: Input, act: AdminAct): Promise<SearchSynonym> {
  return write(app, async (tx) => {
    const [row] = await tx.insert(searchSynonyms).values({ term: input.term, synonyms: input.synonyms }).returning();
    await audit(tx, act, 'search_synonym_created', 201, { id: row!.id, after: ruleOf(row!) });
    return toSynonym(row!);
  });
}

export async function updateSynonym(
  app: FastifyInstance,
  id: number,
  input: Input,
  act: AdminAct,
): Promise<SearchSynonym> {
  return write(app, async (tx) => {
    const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
    if (!before) throw new HttpError('NOT_FOUND', synonymMessages.notFound);
    const [row] = await tx
      .update(searchSynonyms)
      .set({ term: input.term, synonyms: input.synonyms, updatedAt: new Date() })
      .where(eq(searchSynonyms.id, id))
      .returning();
    await audit(tx, act, 'search_synonym_updated', 200, { id, before: ruleOf(before), after: ruleOf(row!) });
    return toSynonym(row!);
  });
}

export async function deleteSynonym(app: FastifyInstance, id: number, act: AdminAct): Promise<void> {
  await write(app, async (tx) => {
    const [before] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!before) throw new HttpError('NOT_FOUND', synonymMessages.notFound);
    await audit(tx, act, 'search_synonym_deleted', 204, { id, before: ruleOf(before) });
  });
}
