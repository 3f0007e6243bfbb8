import { type SearchSynonym, type searchSynonymInput, synonymMessages } from '@tibay/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { insertAudit } from './admin.repository.ts';
import type { AdminAct } from './audit.ts';
import * as repository from './search-synonyms.repository.ts';

/**
 * Search synonyms in admin-v2: list, add, change, delete. Each change is written with its audit_log row in one
 * transaction (action search_synonym_created / _updated / _deleted, detail: the rule before and after), then
 * this process's synonym cache is dropped so the next search uses it; other processes see it within
 * SEARCH_SYNONYMS_CACHE_MS (plugins/search-synonyms.ts).
 */

type Input = z.output<typeof searchSynonymInput>;
type SynonymDeps = Pick<Deps, 'db' | 'searchSynonyms'>;

function toSynonym(row: repository.SynonymRow): SearchSynonym {
  return { id: row.id, term: row.term, synonyms: row.synonyms, updated_at: row.updatedAt.toISOString() };
}

const ruleOf = (row: repository.SynonymRule): repository.SynonymRule => ({ term: row.term, synonyms: row.synonyms });

export async function listSynonyms(deps: Pick<Deps, 'db'>): Promise<{ items: SearchSynonym[] }> {
  return { items: (await repository.allSynonyms(deps.db)).map(toSynonym) };
}

/** Two rules for one term would make search pick one at random: the unique index refuses the second. */
function isTermTaken(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function write<T>(deps: SynonymDeps, change: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    const result = await deps.db.transaction(change);
    deps.searchSynonyms.changed();
    return result;
  } catch (error) {
    if (isTermTaken(error)) {
      throw new HttpError('CONFLICT', synonymMessages.termTaken, { term: synonymMessages.termTaken });
    }
    throw error;
  }
}

export async function createSynonym(deps: SynonymDeps, input: Input, act: AdminAct): Promise<SearchSynonym> {
  return write(deps, async (tx) => {
    const row = await repository.insertSynonym(tx, input);
    await insertAudit(tx, act, 'search_synonym_created', 201, { id: row.id, after: ruleOf(row) });
    return toSynonym(row);
  });
}

export async function updateSynonym(
  deps: SynonymDeps,
  id: number,
  input: Input,
  act: AdminAct,
): Promise<SearchSynonym> {
  return write(deps, async (tx) => {
    const before = await repository.lockSynonym(tx, id);
    if (!before) throw new HttpError('NOT_FOUND', synonymMessages.notFound);
    const row = await repository.updateSynonym(tx, id, input);
    await insertAudit(tx, act, 'search_synonym_updated', 200, { id, before: ruleOf(before), after: ruleOf(row) });
    return toSynonym(row);
  });
}

export async function deleteSynonym(deps: SynonymDeps, id: number, act: AdminAct): Promise<void> {
  await write(deps, async (tx) => {
    const before = await repository.deleteSynonym(tx, id);
    if (!before) throw new HttpError('NOT_FOUND', synonymMessages.notFound);
    await insertAudit(tx, act, 'search_synonym_deleted', 204, { id, before: ruleOf(before) });
  });
}
