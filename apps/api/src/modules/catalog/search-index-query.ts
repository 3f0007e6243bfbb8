import type { SearchSort } from '@tibay/contract';
import type { FacetRow } from './search.repository.ts';
import type { SearchIndex } from './search-index.ts';
import { facetRows, sizeFacetCounters } from './search-index-facets.ts';
import { sortedPage } from './search-index-pages.ts';
import { relevancePage } from './search-index-relevance.ts';
import { grow, scratch } from './search-index-scratch.ts';
import { type CompiledText, compareText, intersect, type Node, type Slots, union } from './search-index-shapes.ts';
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

/**
 * Union of two ascending slot lists in one pass (the text's matches and the typo's: no sort, no walk of every slot),
 * written into `into` (room for both; a new array when not given), a view of which is returned.
 */
function merged(a: Slots, b: Slots, into?: Int32Array): Slots {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = into ?? new Int32Array(a.length + b.length);
  let n = 0;
  let i = 0;
  let j = 0;
  // No branch on the data (as intersect): the smaller of the two, and each list moves on by a comparison.
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    out[n++] = x <= y ? x : y;
    i += x <= y ? 1 : 0;
    j += y <= x ? 1 : 0;
  }
  while (i < a.length) out[n++] = a[i++] as number;
  while (j < b.length) out[n++] = b[j++] as number;
  return out.subarray(0, n);
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
  return lists.reduce((acc, list) => (acc.length * 32 < list.length ? intersectFew(acc, list) : intersect(acc, list)));
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

/** Sellers approved (1) by id, rebuilt when the index's sellers are replaced (an owner changed). */
const approvedOf = new WeakMap<object, Uint8Array>();
function approvedSellers(index: SearchIndex): Uint8Array {
  let approved = approvedOf.get(index.sellers);
  if (!approved) {
    approved = new Uint8Array(Math.max(0, ...index.sellers.keys()) + 1);
    for (const [id, seller] of index.sellers) if (seller.approved) approved[id] = 1;
    approvedOf.set(index.sellers, approved);
  }
  return approved;
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

  // 1. The text's matches (ascending slots), or every slot.
  let matched: Slots | null = null;
  let typoOnly: Slots = [];
  const operandLexemes = text ? text.operands.map((prefix) => index.lexemesWithPrefix(prefix)) : [];
  if (text) {
    const operandSlots = operandLexemes.map((lexemes) => operandUnion(index, lexemes));
    const fullText = text.tree ? evaluate(index, text.tree, operandSlots) : [];
    matched = fullText;
    if (text.typoTerm !== null) {
      const typos = keptTypoMatches(index, text.typoTerm, text.key, fullText, scratch);
      typoOnly = typos;
      scratch.union = grow(scratch.union, fullText.length + typos.length, (n) => new Int32Array(n));
      matched = merged(fullText, typos, scratch.union);
    }
  }

  // 2. The other filters, in one tight loop over every match: hits, and base (the facets' matches: without the
  // category, seller and brand filters). Without those three filters base is hits (one array, not two).
  const approved = approvedSellers(index);
  const { alive, active, price, stock, seller, category, brandLower } = index;
  const min = q.priceMin ?? Number.NEGATIVE_INFINITY;
  const max = q.priceMax ?? Number.POSITIVE_INFINITY;
  const { inStock, sellerIds, category: inCategory, seller: bySeller, brand } = q;
  const narrowed = inCategory !== undefined || bySeller !== undefined || brand !== undefined;
  const count = matched ? matched.length : slots;
  scratch.hits = grow(scratch.hits, count, (n) => new Int32Array(n));
  scratch.base = grow(scratch.base, narrowed ? count : 0, (n) => new Int32Array(n));
  const { hits: hitList, base: baseList } = scratch;
  let hitCount = 0;
  let baseCount = 0;
  for (let k = 0; k < count; k++) {
    const slot = matched ? (matched[k] as number) : k;
    if (alive[slot] !== 1 || active[slot] !== 1) continue;
    const owner = seller[slot] as number;
    if (approved[owner] !== 1) continue;
    const at = price[slot] as number;
    if (at < min || at > max) continue;
    if ((stock[slot] as number) > 0 !== inStock) continue;
    if (sellerIds && !sellerIds.has(owner)) continue;
    if (narrowed) {
      baseList[baseCount++] = slot;
      if (inCategory !== undefined && category[slot] !== inCategory) continue;
      if (bySeller !== undefined && owner !== bySeller) continue;
      if (brand !== undefined && brandLower[slot] !== brand) continue;
    }
    hitList[hitCount++] = slot;
  }
  const hits = hitList.subarray(0, hitCount);
  const base = narrowed ? baseList.subarray(0, baseCount) : hits;

  // 3. The page.
  const limit = q.offset + q.pageSize;
  const page =
    q.sort === 'relevance' && text
      ? relevancePage(index, text, operandLexemes, hits, typoOnly, limit)
      : sortedPage(index, hits, q.sort, limit);
  return {
    ids: page.slice(q.offset).map((slot) => index.ids[slot] as number),
    total: hits.length,
    facets: facetRows(index, base),
  };
}
