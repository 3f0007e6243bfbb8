import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/sql.ts';
import { type TextMatch, TYPO_THRESHOLD, textWords } from './text-match.ts';

/** The SQL of the text-matching rules (decision 0030; text-match.ts reads the text): products p, sellers s. */

/** Connections (pg clients, or the PGlite instance) whose session already has the TYPO_THRESHOLD. */
const tolerant = new WeakSet<object>();

/**
 * Runs fn in a transaction whose trigram threshold is TYPO_THRESHOLD: every `%>` of the app runs here. The
 * first time a connection runs one, the threshold is set for its session (set_config(..., false)), so the next
 * requests on that pooled connection skip the extra round trip; a rolled-back first transaction takes the
 * setting back and does not count.
 */
export async function withTypoTolerance<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let configured: object | null = null;
  const result = await db.transaction(async (tx) => {
    const client = (tx as unknown as { session?: { client?: object } }).session?.client;
    if (!client || !tolerant.has(client)) {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, false)`);
      configured = client ?? null;
    }
    return fn(tx);
  });
  if (configured) tolerant.add(configured);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Products (p, a depth-0 product): listings read the search document, suggestions the name.

/**
 * p matches in a listing: full text (word prefixes, weighted document) or a name within a typo (trigram word
 * similarity). Both GIN indexes are partial on `depth = 0`, the same predicate every listing has, so
 * PostgreSQL combines them with a BitmapOr (and, in a shop or a category, a BitmapAnd with the scope's index)
 * and rechecks only the candidates. Measured on 100k products this beats a UNION of the two matches joined
 * back to products, which hashes every id and scans the table (bench/README.md).
 */
export function textMatches(match: TextMatch): SQL {
  const fullText = sql`p.search @@ to_tsquery('english', ${match.tsquery})`;
  return match.typos ? sql`(${fullText} or p.name %> ${match.term})` : fullText;
}

/** p's name is within a typo of the text (false for known words: see TextMatch.typos). */
export function typoMatches(match: TextMatch): SQL {
  return match.typos ? sql`p.name %> ${match.term}` : sql`false`;
}

/**
 * p's name holds the words of every part of the text anywhere (ILIKE, served by the trigram index); a part a
 * synonym rule names may instead hold the words of one of its synonyms ("yero": yero, or corrugated + gi +
 * sheet, or long + span). The header's suggestions: names as they are being typed.
 */
export function nameHoldsText(match: TextMatch): SQL {
  return sql.join(
    match.parts.map(
      (part) =>
        sql`(${sql.join(
          [part.words, ...part.alternatives].map((words) => holdsWords(sql`p.name`, words)),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
}

/** Every word somewhere in column (ILIKE); false without words. */
function holdsWords(column: SQL, words: readonly string[]): SQL {
  if (words.length === 0) return sql`false`;
  return sql`(${sql.join(
    words.map((word) => sql`${column} ilike ${containsPattern(word)}`),
    sql` and `,
  )})`;
}

/**
 * Relevance of p to the text: the weighted full-text rank (A name 1.0, B brand 0.4, C category and
 * seller 0.2, D description 0.1) plus how close the name is to the term (0..1, catches typos).
 */
export function relevance(match: TextMatch): SQL {
  return sql`(${textRank(match)} + ${nameCloseness(match)})`;
}

/**
 * How close p's name is to what the buyer meant (0..1): the word similarity to the query as typed or, with
 * synonyms, to the nearest of its phrasings ("semento": Portland Cement is as close as "cement").
 */
export function nameCloseness(match: TextMatch): SQL {
  if (match.phrasings.length <= 1) return sql`word_similarity(${match.term}, p.name)`;
  return sql`greatest(${sql.join(
    match.phrasings.map((phrasing) => sql`word_similarity(${phrasing}, p.name)`),
    sql`, `,
  )})`;
}

/** The full-text part of relevance: cheap (it reads the document already fetched), unlike word_similarity. */
export function textRank(match: TextMatch): SQL {
  return sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', p.search, to_tsquery('english', ${match.tsquery}))`;
}

// ---------------------------------------------------------------------------------------------------------------
// Seller names (s, a seller company): no synonyms (they are the trade's words for goods, not shop names).

/**
 * s's name holds every word of the text (ILIKE). A text without a letter or a digit ("&") is looked for as typed;
 * a blank one matches nothing.
 */
export function sellerNameHolds(text: string): SQL {
  const words = textWords(text);
  if (words.length > 0) return holdsWords(sql`s.name`, words);
  const typed = text.trim();
  return typed ? sql`s.name ilike ${containsPattern(typed)}` : sql`false`;
}

/** s's name is within a typo of the text's words. */
export function sellerNameWithinTypo(text: string): SQL {
  return sql`s.name %> ${textWords(text).join(' ')}`;
}

/** s's name matches the text: it holds every word, or it is within a typo of them. */
export function sellerNameMatches(text: string): SQL {
  return sql`(${sellerNameHolds(text)} or ${sellerNameWithinTypo(text)})`;
}

/** How close s's name is to the text's words (0..1), for ordering seller names. */
export function sellerNameCloseness(text: string): SQL {
  return sql`word_similarity(${textWords(text).join(' ')}, s.name)`;
}
