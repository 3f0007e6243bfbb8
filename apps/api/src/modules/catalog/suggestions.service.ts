import { SUGGESTION_LIMIT, type SuggestionsResponse, slugify } from '@tibay/contract';
import type { Db } from '../../db/client.ts';
import { listedProducts } from './catalog.repository.ts';
import type { ListingSeller } from './listings.repository.ts';
import type { ListingsMemory, Owners } from './listings-memory.ts';
import type { CatalogDeps } from './products.service.ts';
import type { SearchIndex } from './search-index.ts';
import { type NameRow, namesHolding, namesWithinTypo } from './search-index-listings.ts';
import { compareText } from './search-index-shapes.ts';
import { sellerNameCloseness } from './seller-name-closeness.ts';
import type { SellerName } from './sellers.repository.ts';
import {
  productNamesHolding,
  productNamesWithinTypo,
  sellerNamesHolding,
  sellerNamesWithinTypo,
} from './suggestions.repository.ts';
import { withTypoTolerance } from './text-match.repository.ts';
import { parseKeyword, type TextMatch, TYPO_THRESHOLD, textWords } from './text-match.ts';

/**
 * Rows read per query before duplicates (the same product name at several shops) are folded. Read in
 * best-seller order (the products_best_sellers_idx order, hence NULLS LAST), so a common word stops after
 * a few rows instead of sorting every match.
 */
const CANDIDATES = 60;
/** Under this many characters a typo is not guessed: too little to tell what was meant. */
const TYPO_MIN_LENGTH = 3;

/**
 * GET /search/suggestions, the header's search suggestions: up to six listed products (listedProducts: the
 * rule of search and every listing; one per distinct name, best sellers first, names starting with the text
 * before the rest) and six approved shops. The text's words (text-match.ts) must all be in the product's name,
 * or one of their search synonyms ("pako": nail); in the shop's name. When that finds fewer than six, names
 * within a typo of the words are added, so "cemnt" still finds cement — unless every word is a synonym rule's
 * term (a known word is no typo).
 */
export async function suggestions(
  deps: CatalogDeps,
  rawQuery: string,
  listings?: ListingsMemory,
): Promise<SuggestionsResponse> {
  const q = rawQuery.trim();
  if (!q) return { products: [], sellers: [] };
  const match = parseKeyword(q, await deps.searchSynonyms.current());
  const memory = listings ? await listings.current() : null;
  const names = memory ? namesInMemory(memory.index, memory.owners) : await namesInSql(deps.db);

  // A text without a word ("%") names no product; shops are still looked for as typed (sellerNameHolds).
  const exactProducts = match ? await names.holding(match) : [];
  const exactSellers = await names.shopsHolding(q);

  const typed = q.toLowerCase();
  const starting: NameRow[] = [];
  const rest: NameRow[] = [];
  for (const row of exactProducts) (row.name.toLowerCase().startsWith(typed) ? starting : rest).push(row);
  let products = distinctNames([...starting, ...rest]);
  let sellers: SellerName[] = exactSellers;

  const needProducts = match !== null && products.length < SUGGESTION_LIMIT && match.typos;
  const needSellers = sellers.length < SUGGESTION_LIMIT;
  if (q.length >= TYPO_MIN_LENGTH && (needProducts || needSellers)) {
    const fuzzy = await names.withinTypo(needProducts ? match : null, needSellers ? q : null);
    // Closest names first; among equally close ones the best sellers (the order read).
    fuzzy.products.sort((a, b) => b.closeness - a.closeness);
    products = distinctNames([...products, ...fuzzy.products]);
    const seen = new Set(sellers.map((row) => row.id));
    sellers = [...sellers, ...fuzzy.sellers.filter((row) => !seen.has(row.id))];
  }

  return {
    products: products
      .slice(0, SUGGESTION_LIMIT)
      .map((row) => ({ id: row.id, name: row.name, slug: slugify(row.name) })),
    sellers: sellers
      .slice(0, SUGGESTION_LIMIT)
      .map((row) => ({ id: row.id, name: row.name, url_handle: row.urlHandle })),
  };
}

/** Where suggestions are read: the SQL of suggestions.repository.ts, or the index in memory (decision 0047). */
interface NameSource {
  holding(match: TextMatch): Promise<NameRow[]>;
  shopsHolding(q: string): Promise<SellerName[]>;
  withinTypo(match: TextMatch | null, q: string | null): Promise<{ products: NameRow[]; sellers: SellerName[] }>;
}

async function namesInSql(db: Db): Promise<NameSource> {
  const listed = await listedProducts(db);
  return {
    holding: (match) => productNamesHolding(db, listed, match, CANDIDATES),
    shopsHolding: (q) => sellerNamesHolding(db, q, SUGGESTION_LIMIT),
    withinTypo: (match, q) =>
      withTypoTolerance(db, async (tx) => ({
        products: match ? await productNamesWithinTypo(tx, listed, match, CANDIDATES) : [],
        sellers: q === null ? [] : await sellerNamesWithinTypo(tx, q, SUGGESTION_LIMIT),
      })),
  };
}

function namesInMemory(index: SearchIndex, owners: Owners): NameSource {
  const approved = [...owners.sellers.values()].filter((row) => row.approved);
  const nameOf = (row: ListingSeller): SellerName => ({
    id: row.id,
    name: row.name,
    urlHandle: row.url_handle,
    logoUrl: row.logo_url,
  });
  return {
    holding: async (match) => namesHolding(index, match, CANDIDATES),
    // sellerNamesHolding: every word in the name (or the text as typed, without a word); names starting with it
    // first, then by name (byte order, the database's collation) and id.
    shopsHolding: async (q) => {
      const words = textWords(q);
      const typed = q.toLowerCase();
      const holds = (name: string) =>
        words.length > 0 ? words.every((word) => name.includes(word)) : name.includes(typed);
      return approved
        .filter((row) => holds(row.name.toLowerCase()))
        .map((row) => ({ row, first: row.name.toLowerCase().startsWith(typed) }))
        .sort((a, b) => Number(b.first) - Number(a.first) || compareText(a.row.name, b.row.name) || a.row.id - b.row.id)
        .slice(0, SUGGESTION_LIMIT)
        .map(({ row }) => nameOf(row));
    },
    // sellerNamesWithinTypo: `s.name %> words`, the closest first.
    withinTypo: async (match, q) => {
      const closeness = q === null ? null : sellerNameCloseness(owners.sellers, textWords(q).join(' '));
      const sellers =
        closeness === null
          ? []
          : approved
              .map((row) => ({ row, closeness: closeness(row.id) }))
              .filter((entry) => entry.closeness >= TYPO_THRESHOLD)
              .sort((a, b) => b.closeness - a.closeness || compareText(a.row.name, b.row.name) || a.row.id - b.row.id)
              .slice(0, SUGGESTION_LIMIT)
              .map(({ row }) => nameOf(row));
      return { products: match ? namesWithinTypo(index, match.term, CANDIDATES) : [], sellers };
    },
  };
}

/** The first row of each name (case-insensitive), in order, up to the SUGGESTION_LIMIT shown. */
function distinctNames<Row extends { name: string }>(rows: Row[]): Row[] {
  const seen = new Set<string>();
  const distinct: Row[] = [];
  for (const row of rows) {
    const key = row.name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(row);
    if (distinct.length === SUGGESTION_LIMIT) break;
  }
  return distinct;
}
