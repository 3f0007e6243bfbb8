import { sql } from 'drizzle-orm';
import type { Conn } from '../../db/sql.ts';
import { bestSellersFirst, type Filter } from './catalog.repository.ts';
import { productNames } from './products.repository.ts';
import { sellerNames } from './sellers.repository.ts';
import {
  nameCloseness,
  nameHoldsText,
  sellerNameCloseness,
  sellerNameHolds,
  sellerNameWithinTypo,
  textMatches,
  typoMatches,
} from './text-match.repository.ts';
import { startsWithPattern, type TextMatch } from './text-match.ts';

/**
 * The SQL of name suggestions: the header's (suggestions.service.ts says when each runs and folds the answers)
 * and the product names of a shop's or a category's search box (sellers.service.ts productNameSuggestions).
 */

/** Names of the `listed` products that hold the text (nameHoldsText), best sellers first. */
export function productNamesHolding(db: Conn, listed: Filter, match: TextMatch, limit: number) {
  return productNames(db, sql`${listed} and ${nameHoldsText(match)}`, bestSellersFirst, limit);
}

/** Names of the `listed` products within a typo of the text, best sellers first, with their closeness. */
export function productNamesWithinTypo(db: Conn, listed: Filter, match: TextMatch, limit: number) {
  return productNames(
    db,
    sql`${listed} and ${typoMatches(match)}`,
    bestSellersFirst,
    limit,
    sql`word_similarity(${match.term}, p.name)`,
  );
}

/** Approved shops whose name holds the text; names starting with it first, then by name. */
export function sellerNamesHolding(db: Conn, text: string, limit: number) {
  return sellerNames(
    db,
    sellerNameHolds(text),
    sql`(s.name ilike ${startsWithPattern(text)}) desc, s.name, s.id`,
    limit,
  );
}

/** Approved shops whose name is within a typo of the text, the closest first. */
export function sellerNamesWithinTypo(db: Conn, text: string, limit: number) {
  return sellerNames(db, sellerNameWithinTypo(text), sql`${sellerNameCloseness(text)} desc, s.name, s.id`, limit);
}

/**
 * Names of the products `scope` selects (a shop's, a category's) that match the text by the listings' rule
 * (textMatches): names starting with `startsWith` (the text in lower case) first, then the closest, then the
 * best sellers.
 */
export function scopedNamesMatching(db: Conn, scope: Filter, match: TextMatch, startsWith: string, limit: number) {
  return productNames(
    db,
    sql`${scope} and ${textMatches(match)}`,
    sql`(lower(p.name) like ${startsWithPattern(startsWith)}) desc, ${nameCloseness(match)} desc, p.sold_count desc nulls last, p.id`,
    limit,
  );
}

/** Names of the best sellers among the products `scope` selects. */
export function scopedBestSellerNames(db: Conn, scope: Filter, limit: number) {
  return productNames(db, scope, bestSellersFirst, limit);
}
