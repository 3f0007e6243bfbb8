import { SUGGESTION_LIMIT, type SuggestionsResponse, slugify } from '@tibay/contract';
import { listedProducts } from './catalog.repository.ts';
import type { CatalogDeps } from './products.service.ts';
import type { SellerName } from './sellers.repository.ts';
import {
  productNamesHolding,
  productNamesWithinTypo,
  sellerNamesHolding,
  sellerNamesWithinTypo,
} from './suggestions.repository.ts';
import { withTypoTolerance } from './text-match.repository.ts';
import { parseKeyword } from './text-match.ts';

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
export async function suggestions(deps: CatalogDeps, rawQuery: string): Promise<SuggestionsResponse> {
  const q = rawQuery.trim();
  if (!q) return { products: [], sellers: [] };
  const match = parseKeyword(q, await deps.searchSynonyms.current());

  const { db } = deps;
  const listed = await listedProducts(db);
  // A text without a word ("%") names no product; shops are still looked for as typed (sellerNameHolds).
  const exactProducts = match ? await productNamesHolding(db, listed, match, CANDIDATES) : [];
  const exactSellers = await sellerNamesHolding(db, q, SUGGESTION_LIMIT);

  const startsWith = (name: string) => name.toLowerCase().startsWith(q.toLowerCase());
  let products = distinctNames([
    ...exactProducts.filter((row) => startsWith(row.name)),
    ...exactProducts.filter((row) => !startsWith(row.name)),
  ]);
  let sellers: SellerName[] = exactSellers;

  const needProducts = match !== null && products.length < SUGGESTION_LIMIT && match.typos;
  const needSellers = sellers.length < SUGGESTION_LIMIT;
  if (q.length >= TYPO_MIN_LENGTH && (needProducts || needSellers)) {
    await withTypoTolerance(db, async (tx) => {
      if (needProducts && match) {
        // Closest names first; among equally close ones the best sellers (the order read).
        const fuzzy = await productNamesWithinTypo(tx, listed, match, CANDIDATES);
        fuzzy.sort((a, b) => b.closeness - a.closeness);
        products = distinctNames([...products, ...fuzzy]);
      }
      if (needSellers) {
        const fuzzy = await sellerNamesWithinTypo(tx, q, SUGGESTION_LIMIT);
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
      .map((row) => ({ id: row.id, name: row.name, url_handle: row.urlHandle })),
  };
}

/** The first row of each name (case-insensitive), in order. */
function distinctNames<Row extends { name: string }>(rows: Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
