import type { SearchSort } from '@tibay/contract';
import type { FacetRow } from './search.repository.ts';
import { type SearchIndex, SlotState } from './search-index.ts';
import { facetRows, sizeFacetCounters } from './search-index-facets.ts';
import { KeptBitsets } from './search-index-kept.ts';
import { sortedPage } from './search-index-pages.ts';
import { relevancePage } from './search-index-relevance.ts';
import { grow, scratch } from './search-index-scratch.ts';
import {
  type CompiledText,
  compareText,
  intersect,
  merged,
  type Node,
  type Slots,
  union,
} from './search-index-shapes.ts';
import { keptTypoMatches } from './search-index-typos.ts';
import type { TextMatch } from './text-match.ts';

/**
 * GET /search from the in-memory index (decision 0043) by the SQL's rules (text-match.ts and its repository): a
 * product matches when its document has every part's word prefixes (a synonym's words instead) or its name is
 * within a typo of the text; relevance is ts_rank + the name's closeness; facet counts exact to 10,000 matches.
 */

/** The lexemes PostgreSQL makes of a word (`to_tsquery('english', word:*)`): none for a stop word. */
export type Stems = ReadonlyMap<string, readonly string[]>;

/** Builds the tsquery's tree as to_tsquery would leave it (stop words dropped, single children collapsed). */
export function compileText(match: TextMatch, stems: Stems): CompiledText {
  const operands: string[] = [];
  const operandOf = (lexeme: string): Node => {
    let at = operands.indexOf(lexeme);
    if (at < 0) at = operands.push(lexeme) - 1;
    return { operand: at };
  };
  const node = (op: 'and' | 'or', children: Array<Node | null>): Node | null => {
    const kept = children.filter((child): child is Node => child !== null);
    if (kept.length === 0) return null;
    return kept.length === 1 ? (kept[0] as Node) : { op, children: kept };
  };
  const wordsNode = (words: readonly string[]) =>
    node(
      'and',
      words.map((word) => node('and', (stems.get(word) ?? []).map(operandOf))),
    );
  const tree = node(
    'and',
    match.parts.map((part) => node('or', [part.words, ...part.alternatives].map(wordsNode))),
  );
  // Operands sorted as ts_rank sorts them; the tree's operand numbers follow.
  const sorted = [...operands].sort(compareText);
  const renumber = (n: Node): Node =>
    'operand' in n
      ? { operand: sorted.indexOf(operands[n.operand] as string) }
      : { op: n.op, children: n.children.map(renumber) };
  const numbered = tree && renumber(tree);
  return {
    tree: numbered,
    operands: sorted,
    topAnd: tree !== null && 'op' in tree && tree.op === 'and',
    typoTerm: match.typos ? match.term : null,
    phrasings: match.phrasings.length <= 1 ? [match.term] : match.phrasings,
    key: `${JSON.stringify(numbered)} ${sorted.join('\u0001')}`,
  };
}

export interface IndexQuery {
  text: CompiledText | null;
  priceMin?: number;
  priceMax?: number;
  inStock: boolean;
  /** Only these sellers (near, own fleet), when given. */
  sellerIds?: ReadonlySet<number>;
  category?: number;
  seller?: number;
  /** The brand filter, lower-cased. */
  brand?: string;
  sort: SearchSort;
  offset: number;
  pageSize: number;
}

export interface IndexAnswer {
  ids: number[];
  total: number;
  facets: FacetRow[];
}

/** Union of ascending slot lists; large ones ("b" spans thousands of lexemes) by marks read in order, no sort. */
function unionOf(index: SearchIndex, lists: ReadonlyArray<Slots>): Slots {
  if (lists.length <= 1) return lists[0] ?? [];
  if (lists.length === 2) return merged(lists[0] as Slots, lists[1] as Slots);
  const slots = index.ids.length;
  let total = 0;
  for (const list of lists) total += list.length;
  if (total * 16 < slots) return union(lists);
  scratch.hit = grow(scratch.hit, slots, (n) => new Uint8Array(n));
  const mark = scratch.hit;
  for (const list of lists) for (let k = 0; k < list.length; k++) mark[list[k] as number] = 1;
  const out: number[] = [];
  for (let slot = 0; slot < slots; slot++) {
    if (mark[slot] === 1) {
      out.push(slot);
      mark[slot] = 0;
    }
  }
  return out;
}

/** Unions of a word prefix's many lexemes ("seri": series, serial...) kept per index, by prefix's lexemes. */
const unions = new WeakMap<SearchIndex, Map<string, { postings: number; slots: Slots }>>();
const unionBounds = { postings: 10_000, kept: 256 };

/**
 * The slots holding one of the lexemes (an operand's): kept when large and made of several lists, and reused
 * while those lists have not grown (posting lists only grow: their total length says whether one changed).
 */
function operandUnion(index: SearchIndex, lexemes: number[]): Slots {
  const lists = lexemes.map((lex) => index.lexemePostings[lex] as Slots);
  let postings = 0;
  for (const list of lists) postings += list.length;
  if (lists.length <= 1 || postings < unionBounds.postings) return unionOf(index, lists);
  let byLexemes = unions.get(index);
  if (!byLexemes) {
    byLexemes = new Map();
    unions.set(index, byLexemes);
  }
  const key = lexemes.join(',');
  const known = byLexemes.get(key);
  if (known && known.postings === postings) return known.slots;
  const slots = Int32Array.from(unionOf(index, lists));
  if (byLexemes.size >= unionBounds.kept) byLexemes.clear();
  byLexemes.set(key, { postings, slots });
  return slots;
}

function evaluate(index: SearchIndex, node: Node, operandSlots: Slots[]): Slots {
  if ('operand' in node) return operandSlots[node.operand] as Slots;
  const lists = node.children.map((child) => evaluate(index, child, operandSlots));
  if (node.op === 'or') return unionOf(index, lists);
  lists.sort((a, b) => a.length - b.length);
  return lists.reduce((acc, list) => {
    if (acc.length * 32 < list.length) return intersectFew(acc, list);
    if (list.length * 8 >= index.ids.length && acc.length * 4 <= list.length) {
      return intersectBits(acc, listBits.of(index, list, list));
    }
    return intersect(acc, list);
  });
}

/**
 * Bitsets of lists holding at least an eighth of the slots (a lexeme in most documents: "series" in every name at
 * 1M), by list: intersected with a list a quarter its length or less, each of that list's slots is a bit read
 * rather than a merge walking the long one too.
 */
const listBits = new KeptBitsets<Slots>({ kept: 64 });

/** The slots of the ascending list `few` whose bit is set in `bits` (ascending). */
function intersectBits(few: Slots, bits: Int32Array): Slots {
  const out = new Int32Array(few.length);
  let n = 0;
  for (let k = 0; k < few.length; k++) {
    const slot = few[k] as number;
    out[n] = slot;
    n += ((bits[slot >>> 5] as number) >>> (slot & 31)) & 1;
  }
  return out.subarray(0, n);
}

/**
 * Intersection of a short ascending list with a much longer one: each of `few` found in `many` by a binary search
 * from the last place found (a rare word beside "series" at 1M: thousands of searches, not a walk of a million).
 */
function intersectFew(few: Slots, many: Slots): Slots {
  const out: number[] = [];
  let lo = 0;
  for (let i = 0; i < few.length && lo < many.length; i++) {
    const x = few[i] as number;
    let hi = many.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((many[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    if (lo < many.length && many[lo] === x) out.push(x);
  }
  return out;
}

/** The list as an Int32Array (a copy only when it is a JS array): one element type in the loops below. */
function int32(slots: Slots): Int32Array {
  return slots instanceof Int32Array ? slots : Int32Array.from(slots);
}

/**
 * The sellers as marks by seller id (1: in scope): read for each of a million hits, a typed array is several
 * times faster than Set.has (a "near" search of a typo of "series" at 1M: 15.5 ms of filtering).
 */
function sellerMarks(sellerIds: ReadonlySet<number>): Uint8Array {
  let most = -1;
  for (const id of sellerIds) most = Math.max(most, id);
  const marks = new Uint8Array(most + 1);
  for (const id of sellerIds) marks[id] = 1;
  return marks;
}

/** A search's filters besides the text, read once per search. */
function filtersOf(q: IndexQuery) {
  return {
    min: q.priceMin ?? Number.NEGATIVE_INFINITY,
    max: q.priceMax ?? Number.POSITIVE_INFINITY,
    inStock: q.inStock,
    sellersInScope: q.sellerIds ? sellerMarks(q.sellerIds) : null,
    category: q.category,
    seller: q.seller,
    brand: q.brand,
    narrowed: q.category !== undefined || q.seller !== undefined || q.brand !== undefined,
  };
}

/**
 * Appends the first `count` slots of `list` (every slot from 0 when null) that pass the filters to scratch.hits,
 * and those that pass all but the category, seller and brand filters to scratch.base (when narrowed); `kept`
 * counts both.
 */
function passFilters(
  index: SearchIndex,
  filters: ReturnType<typeof filtersOf>,
  list: Int32Array | null,
  count: number,
  kept: { hits: number; base: number },
): void {
  const { state, price, seller, category, brandLower } = index;
  const { min, max, inStock, sellersInScope, narrowed } = filters;
  const { hits: hitList, base: baseList } = scratch;
  const checked = SlotState.live | SlotState.inStock | SlotState.sellerApproved;
  const wanted = SlotState.live | SlotState.sellerApproved | (inStock ? SlotState.inStock : 0);
  const priced = min > Number.NEGATIVE_INFINITY || max < Number.POSITIVE_INFINITY;
  let hitCount = kept.hits;
  let baseCount = kept.base;
  if (list && !priced && !sellersInScope && !narrowed) {
    // The state filter alone (most searches): a loop without the others' tests runs several times faster over
    // the million hits of a typo of "series" at 1M.
    for (let k = 0; k < count; k++) {
      const slot = list[k] as number;
      if (((state[slot] as number) & checked) === wanted) hitList[hitCount++] = slot;
    }
    kept.hits = hitCount;
    return;
  }
  for (let k = 0; k < count; k++) {
    const slot = list ? (list[k] as number) : k;
    if (((state[slot] as number) & checked) !== wanted) continue;
    if (priced) {
      const at = price[slot] as number;
      if (at < min || at > max) continue;
    }
    if (sellersInScope && sellersInScope[seller[slot] as number] !== 1) continue;
    if (narrowed) {
      baseList[baseCount++] = slot;
      if (filters.category !== undefined && category[slot] !== filters.category) continue;
      if (filters.seller !== undefined && seller[slot] !== filters.seller) continue;
      if (filters.brand !== undefined && brandLower[slot] !== filters.brand) continue;
    }
    hitList[hitCount++] = slot;
  }
  kept.hits = hitCount;
  kept.base = baseCount;
}

/**
 * The text (its tree, typo term and phrasings: text.key alone names only the tree) and the filters that decide a
 * search's hits and their closeness, not its sort or page: what is kept about the hits goes by it.
 */
function hitsKeyOf(q: IndexQuery, text: CompiledText): string {
  const sellers = q.sellerIds ? [...q.sellerIds].sort((a, b) => a - b).join(',') : '';
  const filters = [q.priceMin, q.priceMax, q.inStock, q.category, q.seller, q.brand, sellers];
  return [text.key, text.typoTerm, ...text.phrasings, '', ...filters].join('\u0002');
}

/** Runs a search on the index: the page's ids, the exact total and the facet counts. */
export function runQuery(index: SearchIndex, q: IndexQuery): IndexAnswer {
  const slots = index.ids.length;
  scratch.lastpos = grow(scratch.lastpos, index.trigramPostings.length, (n) => new Int32Array(n), -1);
  scratch.inQuery = grow(scratch.inQuery, index.trigramPostings.length, (n) => new Uint8Array(n));
  scratch.present = grow(scratch.present, slots, (n) => new Uint16Array(n));
  scratch.hit = grow(scratch.hit, slots, (n) => new Uint8Array(n));
  scratch.found = grow(scratch.found, slots, (n) => new Int32Array(n));
  scratch.touched = grow(scratch.touched, slots, (n) => new Int32Array(n));
  scratch.gap = grow(scratch.gap, index.trigramPostings.length, (n) => new Uint8Array(n));
  scratch.opMask = grow(scratch.opMask, index.lexemes.length, (n) => new Int32Array(n));
  const text = q.text;
  sizeFacetCounters(index);

  // 1. The text's matches: its full-text matches and the names within a typo only (disjoint, each ascending; kept
  // apart so that relevance knows which are typo-only without a merge), or every slot.
  let fullText: Int32Array | null = null;
  let typoOnly: Int32Array = new Int32Array(0);
  const operandLexemes = text ? text.operands.map((prefix) => index.lexemesWithPrefix(prefix)) : [];
  if (text) {
    const operandSlots = operandLexemes.map((lexemes) => operandUnion(index, lexemes));
    fullText = int32(text.tree ? evaluate(index, text.tree, operandSlots) : []);
    if (text.typoTerm !== null) typoOnly = int32(keptTypoMatches(index, text.typoTerm, text.key, fullText, scratch));
  }

  // 2. The other filters, in one tight loop over every match: hits, and base (the facets' matches: without the
  // category, seller and brand filters). Without those three filters base is hits (one array, not two). Each holds
  // the full-text matches first, then the typo-only ones (from hitsTypoFrom, baseTypoFrom on).
  const count = fullText ? fullText.length + typoOnly.length : slots;
  const filters = filtersOf(q);
  const { narrowed } = filters;
  scratch.hits = grow(scratch.hits, count, (n) => new Int32Array(n));
  scratch.base = grow(scratch.base, narrowed ? count : 0, (n) => new Int32Array(n));
  const kept = { hits: 0, base: 0 };
  passFilters(index, filters, fullText, fullText ? fullText.length : slots, kept);
  const hitsTypoFrom = kept.hits;
  const baseTypoFrom = kept.base;
  passFilters(index, filters, typoOnly, typoOnly.length, kept);
  const hits = scratch.hits.subarray(0, kept.hits);
  const base = narrowed ? scratch.base.subarray(0, kept.base) : hits;

  // 3. The page.
  const limit = q.offset + q.pageSize;
  const page =
    q.sort === 'relevance' && text
      ? relevancePage(index, text, operandLexemes, hits, hitsTypoFrom, limit, () => hitsKeyOf(q, text))
      : sortedPage(index, hits, q.sort, limit);
  return {
    ids: page.slice(q.offset).map((slot) => index.ids[slot] as number),
    total: hits.length,
    facets: facetRows(index, base, narrowed ? baseTypoFrom : hitsTypoFrom),
  };
}
