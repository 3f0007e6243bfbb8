import type { FacetRow } from './search.repository.ts';
import type { SearchIndex } from './search-index.ts';
import { compareText } from './search-index-shapes.ts';

/**
 * The search index's facet counts (decision 0043), as the SQL's GROUPING SETS rows (FacetRow): exact up to
 * facetBounds.exact matches (issue 21); beyond, counted over facetBounds.exact matches spread evenly over all of them and
 * scaled to the whole (the contract has no field to flag an estimate), so a common word's facets cost the same
 * as a search with 10,000 matches.
 */
export const facetBounds = { exact: 10_000 };

/** Counters by category id, seller id and brand number (sized to the largest seen; ids are small serials). */
const facetCounters = { category: new Int32Array(0), seller: new Int32Array(0), brand: new Int32Array(0) };

export function sizeFacetCounters(index: SearchIndex): void {
  const most = (values: number[]) => values.reduce((m, v) => (v > m ? v : m), 0) + 1;
  if (facetCounters.brand.length < index.brands.length)
    facetCounters.brand = new Int32Array(index.brands.length * 2 + 16);
  const sellers = most([...index.sellers.keys()]);
  const categories = most([...index.categories.keys()]);
  if (facetCounters.seller.length < sellers) facetCounters.seller = new Int32Array(sellers * 2);
  if (facetCounters.category.length < categories) facetCounters.category = new Int32Array(categories * 2);
}

/**
 * Every match, or facetBounds.exact of them at even steps of the matches in slot order (deterministic: the same
 * search counts the same). `base` is two ascending lists, [0, split) and [split, end) (the full-text and the
 * typo-only matches), read as one merged list without merging it (nthOfTwo).
 */
export function facetSample(base: Int32Array, split = base.length): Int32Array {
  const { exact } = facetBounds;
  if (base.length <= exact) return base;
  const step = base.length / exact;
  const sample = new Int32Array(exact);
  if (split === 0 || split === base.length) {
    for (let i = 0; i < exact; i++) sample[i] = base[Math.floor(i * step)] as number;
    return sample;
  }
  const at = { first: 0, second: split, taken: 0 };
  for (let k = 0; k < exact; k++) sample[k] = nthOfTwo(base, split, Math.floor(k * step), at);
  return sample;
}

/**
 * The element at merged position `n` of the ascending lists base[0, split) and base[split, end) (distinct values),
 * moving `at` (the positions in each list after the `taken` smallest) on from an earlier, smaller n: a binary search
 * for how many of the n - taken next smallest come from the first list, as for the k-th of two sorted arrays.
 */
function nthOfTwo(
  base: Int32Array,
  split: number,
  n: number,
  at: { first: number; second: number; taken: number },
): number {
  const end = base.length;
  const i = at.first;
  const j = at.second;
  const d = n - at.taken;
  // t: how many of the d come from the first list; t = mid (>= 1) is possible when the first list's mid-th is below
  // the second list's element after its d - mid (or the second list has no more).
  let lo = Math.max(0, d - (end - j));
  let hi = Math.min(d, split - i);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const after = j + d - mid;
    if (after >= end || (base[i + mid - 1] as number) < (base[after] as number)) lo = mid;
    else hi = mid - 1;
  }
  const first = i + lo;
  const second = j + d - lo;
  at.first = first;
  at.second = second;
  at.taken = n;
  if (first >= split) return base[second] as number;
  if (second >= end) return base[first] as number;
  return Math.min(base[first] as number, base[second] as number);
}

/** A facet row as the SQL's GROUPING SETS give it (the columns of the other groups null). */
function facetRow(
  g_category: number,
  g_seller: number,
  of: Partial<Pick<FacetRow, 'category_id' | 'category_name' | 'seller_id' | 'seller_name' | 'brand'>>,
  count: number,
): FacetRow {
  return {
    category_id: of.category_id ?? null,
    seller_id: of.seller_id ?? null,
    brand: of.brand ?? null,
    category_name: of.category_name ?? null,
    seller_name: of.seller_name ?? null,
    g_category,
    g_seller,
    count,
  };
}

/**
 * Category, seller and brand counts of `all`, most first, ties by name (the SQL's facet rows). `all` is ascending,
 * or two ascending lists split at `split` (facetSample).
 */
export function facetRows(index: SearchIndex, all: Int32Array, split = all.length): FacetRow[] {
  const base = facetSample(all, split);
  const scale = all.length / base.length;
  const counted = (count: number) => (scale === 1 ? count : Math.max(1, Math.round(count * scale)));
  const counters = facetCounters;
  // One pass: the counts, and each id in the order it first appears (the order the rows are made in).
  const categories: number[] = [];
  const sellers: number[] = [];
  const brands: number[] = [];
  for (let k = 0; k < base.length; k++) {
    const slot = base[k] as number;
    const c = index.category[slot] as number;
    const inCategory = counters.category[c] as number;
    counters.category[c] = inCategory + 1;
    if (inCategory === 0) categories.push(c);
    const s = index.seller[slot] as number;
    const bySeller = counters.seller[s] as number;
    counters.seller[s] = bySeller + 1;
    if (bySeller === 0) sellers.push(s);
    const b = index.brand[slot] as number;
    if (b < 0) continue;
    const ofBrand = counters.brand[b] as number;
    counters.brand[b] = ofBrand + 1;
    if (ofBrand === 0) brands.push(b);
  }
  // Each count read back once (and its counter reset).
  const take = (ids: Int32Array, id: number) => {
    const count = counted(ids[id] as number);
    ids[id] = 0;
    return count;
  };
  // Rows of one shape, made in one place (a spread per row cost more than the counting), sorted beside their labels.
  const rows: Array<{ row: FacetRow; label: string }> = [];
  for (const id of categories) {
    const count = take(counters.category, id);
    const name = index.categories.get(id) ?? null;
    rows.push({ row: facetRow(0, 1, { category_id: id, category_name: name }, count), label: name ?? '' });
  }
  for (const id of sellers) {
    const count = take(counters.seller, id);
    const name = index.sellers.get(id)?.name ?? null;
    rows.push({ row: facetRow(1, 0, { seller_id: id, seller_name: name }, count), label: name ?? '' });
  }
  for (const id of brands) {
    const count = take(counters.brand, id);
    const brand = index.brands[id] as string;
    rows.push({ row: facetRow(1, 1, { brand }, count), label: brand });
  }
  rows.sort((a, b) => b.row.count - a.row.count || compareText(a.label, b.label));
  return rows.map((entry) => entry.row);
}
