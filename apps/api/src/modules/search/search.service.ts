import { SUGGESTION_LIMIT, type SuggestionsResponse, searchWords, slugify } from '@tibay/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern, escapeLike } from '../../db/sql.ts';
import { everyWordKnown, expandQuery, type QueryPart, type SynonymMap } from '../../lib/query-synonyms.ts';
import { listedProducts } from '../catalog/index.ts';

/** Below this word similarity a typo is no longer taken as the word ("cemnt" ~ "Cement" is 0.5). */
const FUZZY_THRESHOLD = 0.45;
/**
 * Rows read per query before duplicates (the same product name at several shops) are folded. Read in
 * best-seller order (the products_best_sellers_idx order, hence NULLS LAST), so a common word stops after
 * a few rows instead of sorting every match.
 */
const CANDIDATES = 60;
const MAX_WORDS = 8;

/** `%word%` patterns for ILIKE, with the LIKE wildcards in the user's text escaped. */
export function likePatterns(q: string): string[] {
  return q
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => containsPattern(word));
}

/**
 * The name holds the words of every part of the query; a part a synonym rule names may instead hold the words
 * of one of its synonyms ("yero": yero, or corrugated + gi + sheet, or long + span).
 */
function nameHoldsParts(column: SQL, parts: readonly QueryPart[]): SQL {
  const holdsAll = (words: readonly string[]) =>
    sql`(${sql.join(
      likePatterns(words.join(' ')).map((pattern) => sql`${column} ILIKE ${pattern}`),
      sql` AND `,
    )})`;
  return sql.join(
    parts.map((part) => sql`(${sql.join([part.words, ...part.alternatives].map(holdsAll), sql` OR `)})`),
    sql` AND `,
  );
}

interface Row {
  id: number;
  name: string;
  url_handle?: string;
}

function rowsOf(result: unknown): Row[] {
  return ((result as { rows: unknown[] }).rows as { id: number | string; name: string; url_handle?: string }[]).map(
    (row) => ({
      id: Number(row.id),
      name: row.name,
      url_handle: row.url_handle,
    }),
  );
}

/**
 * The header's search suggestions: up to six listed products (listedProducts: active, depth 0, of approved
 * sellers; one per distinct name, best sellers first, names starting with the text before the rest) and six
 * approved shops. Every word of the text must appear in the product's name (ILIKE, served by the trigram
 * indexes), or one of its search synonyms ("pako": nail); shop names are matched as typed. When that finds
 * fewer than six, names similar to the text are added (pg_trgm word similarity), so a typo such as "cemnt"
 * still finds cement — unless every word is a synonym rule's term (a known word is no typo).
 */
export async function suggestions(db: Db, rawQuery: string, synonyms: SynonymMap): Promise<SuggestionsResponse> {
  const q = rawQuery.trim();
  if (!q) return { products: [], sellers: [] };
  const patterns = likePatterns(q);
  const parts = expandQuery(searchWords(q).slice(0, MAX_WORDS), synonyms);
  const prefix = `${escapeLike(q)}%`;
  const allWords = (column: SQL) =>
    sql.join(
      patterns.map((pattern) => sql`${column} ILIKE ${pattern}`),
      sql` AND `,
    );

  // The products a buyer may see: the same rule as search and every listing.
  const listed = await listedProducts(db);
  const exactProducts =
    parts.length === 0
      ? []
      : rowsOf(
          await db.execute(sql`
            SELECT p.id, p.name FROM products p
             WHERE ${listed} AND ${nameHoldsParts(sql`p.name`, parts)}
             ORDER BY p.sold_count DESC NULLS LAST, p.id
             LIMIT ${CANDIDATES}`),
        );
  const exactSellers = rowsOf(
    await db.execute(sql`
      SELECT id, name, url_handle FROM seller_companies
       WHERE status = 'approved' AND ${allWords(sql`name`)}
       ORDER BY (name ILIKE ${prefix}) DESC, name, id
       LIMIT ${SUGGESTION_LIMIT}`),
  );

  const startsWith = (name: string) => name.toLowerCase().startsWith(q.toLowerCase());
  let products = distinctNames([
    ...exactProducts.filter((row) => startsWith(row.name)),
    ...exactProducts.filter((row) => !startsWith(row.name)),
  ]);
  let sellers = exactSellers;

  const needProducts = products.length < SUGGESTION_LIMIT && !everyWordKnown(parts);
  const needSellers = sellers.length < SUGGESTION_LIMIT;
  if (q.length >= 3 && (needProducts || needSellers)) {
    await db.transaction(async (tx: Tx) => {
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
      if (needProducts) {
        const result = await tx.execute(sql`
          SELECT p.id, p.name, word_similarity(${q}, p.name) AS similarity FROM products p
           WHERE ${listed} AND p.name %> ${q}
           ORDER BY p.sold_count DESC NULLS LAST, p.id
           LIMIT ${CANDIDATES}`);
        // Closest names first; among equally close ones the best sellers (the order read).
        const similarity = new Map(
          (result as unknown as { rows: { id: number | string; similarity: number }[] }).rows.map((row) => [
            Number(row.id),
            Number(row.similarity),
          ]),
        );
        const fuzzy = rowsOf(result).sort((a, b) => (similarity.get(b.id) ?? 0) - (similarity.get(a.id) ?? 0));
        products = distinctNames([...products, ...fuzzy]);
      }
      if (needSellers) {
        const fuzzy = rowsOf(
          await tx.execute(sql`
            SELECT id, name, url_handle FROM seller_companies
             WHERE status = 'approved' AND name %> ${q}
             ORDER BY word_similarity(${q}, name) DESC, name, id
             LIMIT ${SUGGESTION_LIMIT}`),
        );
        const seen = new Set(sellers.map((row) => row.id));
        sellers = [...sellers, ...fuzzy.filter((row) => !seen.has(row.id))];
      }
    });
  }

  return {
    products: products
      .slice(0, SUGGESTION_LIMIT)
      .map((row) => ({ id: row.id, name: row.name, slug: slugify(row.name) })),
    sellers: sellers
      .slice(0, SUGGESTION_LIMIT)
      .map((row) => ({ id: row.id, name: row.name, url_handle: row.url_handle ?? '' })),
  };
}

/** The first row of each name (case-insensitive), in order. */
function distinctNames(rows: Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
