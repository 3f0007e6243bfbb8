import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { searchSynonyms } from '../db/schema/index.ts';
import { buildSynonymMap, type SynonymMap } from '../lib/query-synonyms.ts';

/**
 * The search synonyms of this process, read from the search_synonyms table and kept in memory, so a search
 * costs no extra query. Read again SEARCH_SYNONYMS_CACHE_MS after the last read; an administrator's edit in
 * this process drops the copy at once (changed()). With several API processes, an edit made in another one is
 * seen within SEARCH_SYNONYMS_CACHE_MS (a short time to live rather than LISTEN/NOTIFY, like the session check
 * of decision 0010: one tiny query per process every few seconds, nothing to reconnect).
 */
export interface SearchSynonymCache {
  /** The current rules, ready for expandQuery. */
  current(): Promise<SynonymMap>;
  /** The rules changed in this process: read them again on the next search. */
  changed(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    searchSynonyms: SearchSynonymCache;
  }
}

export const searchSynonymsPlugin = fp(
  async (app: FastifyInstance) => {
    const ttlMs = app.config.SEARCH_SYNONYMS_CACHE_MS;
    let cached: { map: SynonymMap; readAt: number } | null = null;
    // Concurrent searches after expiry share one read.
    let reading: Promise<SynonymMap> | null = null;
    let generation = 0;

    const read = async (): Promise<SynonymMap> => {
      const started = generation;
      const rules = await app.db
        .select({ term: searchSynonyms.term, synonyms: searchSynonyms.synonyms })
        .from(searchSynonyms);
      const map = buildSynonymMap(rules);
      // An edit made while reading must not be hidden behind the older answer.
      if (started === generation) cached = { map, readAt: Date.now() };
      return map;
    };

    app.decorate('searchSynonyms', {
      async current() {
        if (cached && Date.now() - cached.readAt < ttlMs) return cached.map;
        reading ??= read().finally(() => {
          reading = null;
        });
        return reading;
      },
      changed() {
        generation++;
        cached = null;
        reading = null;
      },
    });
  },
  { name: 'search-synonyms' },
);
