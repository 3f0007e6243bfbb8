// What the search index (search-index.ts) is made of and read with: slot lists and their set operations, the rows
// it reads from PostgreSQL, the text order of the database, and a search text compiled for the index.

/** Ascending slots: a JS array while it grows, packed into an Int32Array by freeze(). */
export type Slots = number[] | Int32Array;

/** A product as the index reads it from PostgreSQL. */
export interface IndexRow {
  id: number;
  seller_id: number;
  category_id: number;
  brand: string | null;
  name: string;
  price: number;
  sold_count: number;
  tree_stock: number;
  is_active: boolean;
  search: string | null;
}

/** A seller as the index needs it: listed (approved) or hidden, and the facet's name. */
export interface IndexSeller {
  id: number;
  name: string;
  approved: boolean;
}

/** Byte order of the C.UTF-8 collation (and of tsvector lexemes) for the texts the catalogue holds. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorted, de-duplicated union of ascending slot lists. */
export function union(lists: ReadonlyArray<Slots>): Slots {
  if (lists.length === 1) return lists[0] as Slots;
  const all: number[] = [];
  for (const list of lists) for (const slot of list) all.push(slot);
  const sorted = Int32Array.from(all).sort();
  const out: number[] = [];
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i] as number);
  return out;
}

/**
 * Intersection of ascending slot lists. Each step writes x and moves on by comparisons, with no branch on the data
 * (the ternaries compile to conditional moves): a branching merge of two lists of similar size ("series" and "box"
 * at 1M) mispredicts at most steps; this ran about 10x faster on 300k and 900k slots.
 */
export function intersect(a: Slots, b: Slots): Slots {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    out[n] = x;
    n += x === y ? 1 : 0;
    i += x <= y ? 1 : 0;
    j += y <= x ? 1 : 0;
  }
  return out.subarray(0, n);
}

/**
 * Union of two ascending slot lists in one pass (the text's matches and the typo's: no sort, no walk of every slot),
 * written into `into` (room for both; a new array when not given), a view of which is returned.
 */
export function merged(a: Slots, b: Slots, into?: Int32Array): Slots {
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

export type Node = { op: 'and' | 'or'; children: Node[] } | { operand: number };

/** The text as the index evaluates it: the tsquery's tree over its distinct lexeme prefixes. */
export interface CompiledText {
  tree: Node | null;
  /** Distinct lexeme prefixes, sorted (ts_rank's operand order). */
  operands: string[];
  /** ts_rank uses calc_rank_and: the tsquery's top operator is AND. */
  topAnd: boolean;
  /** The term of the typo match (`name %> term`), or null (every word known). */
  typoTerm: string | null;
  /** The texts whose closeness to the name counts in relevance (the greatest). */
  phrasings: string[];
  /** Its full-text half (the tree over its operands) as a key: what its matches and ranks depend on (decision 0066). */
  key: string;
}
