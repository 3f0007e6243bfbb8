import { parseTsvector, trigramsOf } from './pg-text-functions.ts';

/**
 * The in-memory search index of one API process (decision 0043): every depth-0 product with what GET /search
 * filters, counts, ranks and sorts on, and two inverted indexes — the search document's lexemes (full text, word
 * prefixes) and the name's trigrams (typos, name closeness). PostgreSQL stays the source of truth: the index is
 * built from it and kept in step by NOTIFY (search-index.service.ts). Queries are in search-index-query.ts.
 *
 * A product lives in a slot; a changed product takes a new slot and its old one is marked dead, so posting lists
 * only ever grow at their end and stay sorted.
 */

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

export class SearchIndex {
  // Per slot.
  readonly ids: number[] = [];
  readonly alive: number[] = [];
  readonly seller: number[] = [];
  readonly category: number[] = [];
  /** Interned trimmed brand (-1: none) and the raw brand lower-cased (the brand filter compares that). */
  readonly brand: number[] = [];
  readonly brandLower: string[] = [];
  readonly price: number[] = [];
  readonly sold: number[] = [];
  readonly stock: number[] = [];
  readonly active: number[] = [];
  readonly name: string[] = [];
  readonly lowerName: string[] = [];
  /** The name's words (letters and digits, lower case) between spaces: " portland cement 40kg ". */
  readonly nameWords: string[] = [];
  /** The document: [n, lexId x n, start x (n + 1), position words...]; entries in the tsvector's order. */
  readonly doc: Int32Array[] = [];
  /** The name's trigram ids in order (duplicates kept), for word_similarity. */
  readonly nameTrigrams: Int32Array[] = [];

  readonly slotOfId = new Map<number, number>();
  liveCount = 0;

  // Lexemes: id by text, postings (slots, ascending), and the texts sorted for prefix lookups.
  readonly lexemeId = new Map<string, number>();
  readonly lexemes: string[] = [];
  readonly lexemePostings: Slots[] = [];
  private sortedLexemes: { texts: string[]; ids: number[] } | null = null;

  // Trigrams of names: id by text and postings (slots holding it, ascending, once per slot).
  readonly trigramId = new Map<string, number>();
  readonly trigramPostings: Slots[] = [];

  // Brands interned (trimmed, as the facet shows them).
  readonly brandId = new Map<string, number>();
  readonly brands: string[] = [];

  // Owners: sellers (approved or hidden, names) and category names.
  sellers = new Map<number, IndexSeller>();
  categories = new Map<number, string>();

  /** Adds or replaces products (rows read from PostgreSQL), and removes the ids given in `gone`. */
  apply(rows: readonly IndexRow[], gone: readonly number[] = []): void {
    for (const id of gone) this.remove(id);
    for (const row of rows) {
      this.remove(row.id);
      this.add(row);
    }
  }

  remove(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.slotOfId.delete(id);
    this.alive[slot] = 0;
    this.liveCount--;
  }

  private add(row: IndexRow): void {
    const slot = this.ids.length;
    this.ids.push(row.id);
    this.alive.push(1);
    this.seller.push(row.seller_id);
    this.category.push(row.category_id);
    const trimmed = (row.brand ?? '').trim();
    this.brand.push(trimmed ? this.intern(trimmed) : -1);
    this.brandLower.push((row.brand ?? '').toLowerCase());
    this.price.push(Number(row.price));
    this.sold.push(row.sold_count);
    this.stock.push(row.tree_stock);
    this.active.push(row.is_active ? 1 : 0);
    this.name.push(row.name);
    this.lowerName.push(row.name.toLowerCase());
    this.nameWords.push(` ${(row.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `);
    this.doc.push(this.packDocument(slot, row.search ?? ''));
    this.nameTrigrams.push(this.packTrigrams(slot, row.name));
    this.slotOfId.set(row.id, slot);
    this.liveCount++;
  }

  private intern(brand: string): number {
    let id = this.brandId.get(brand);
    if (id === undefined) {
      id = this.brands.length;
      this.brands.push(brand);
      this.brandId.set(brand, id);
    }
    return id;
  }

  private packDocument(slot: number, search: string): Int32Array {
    const entries = parseTsvector(search);
    const n = entries.length;
    let size = 1 + n + n + 1;
    for (const entry of entries) size += entry.positions.length;
    const doc = new Int32Array(size);
    doc[0] = n;
    let at = 1 + n + n + 1;
    entries.forEach((entry, i) => {
      let lex = this.lexemeId.get(entry.lexeme);
      if (lex === undefined) {
        lex = this.lexemes.length;
        this.lexemes.push(entry.lexeme);
        this.lexemeId.set(entry.lexeme, lex);
        this.lexemePostings.push([]);
        this.sortedLexemes = null;
      }
      this.growable(this.lexemePostings, lex).push(slot);
      doc[1 + i] = lex;
      doc[1 + n + i] = at;
      for (const word of entry.positions) doc[at++] = word;
    });
    doc[1 + n + n] = at;
    return doc;
  }

  /** The posting list at `at`, as a JS array again if freeze() packed it. */
  private growable(lists: Slots[], at: number): number[] {
    const list = lists[at] as Slots;
    if (Array.isArray(list)) return list;
    const copy = Array.from(list);
    lists[at] = copy;
    return copy;
  }

  /** Packs every posting list into an Int32Array (after the build: a fraction of a JS array's memory). */
  freeze(): void {
    for (const lists of [this.lexemePostings, this.trigramPostings]) {
      for (let i = 0; i < lists.length; i++) {
        const list = lists[i] as Slots;
        if (Array.isArray(list)) lists[i] = Int32Array.from(list);
      }
    }
  }

  private packTrigrams(slot: number, name: string): Int32Array {
    const trigrams = trigramsOf(name);
    const out = new Int32Array(trigrams.length);
    trigrams.forEach((trigram, i) => {
      let id = this.trigramId.get(trigram);
      if (id === undefined) {
        id = this.trigramPostings.length;
        this.trigramId.set(trigram, id);
        this.trigramPostings.push([]);
      }
      out[i] = id;
      const postings = this.growable(this.trigramPostings, id);
      if (postings[postings.length - 1] !== slot) postings.push(slot);
    });
    return out;
  }

  /** The ids of the lexemes starting with `prefix` (PostgreSQL's `prefix:*`). */
  lexemesWithPrefix(prefix: string): number[] {
    if (!this.sortedLexemes) {
      const ids = this.lexemes.map((_, i) => i);
      ids.sort((a, b) => compareText(this.lexemes[a] as string, this.lexemes[b] as string));
      this.sortedLexemes = { ids, texts: ids.map((id) => this.lexemes[id] as string) };
    }
    const { texts, ids } = this.sortedLexemes;
    let lo = 0;
    let hi = texts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareText(texts[mid] as string, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < texts.length && (texts[i] as string).startsWith(prefix); i++) found.push(ids[i] as number);
    return found;
  }

  /** Whether the product in `slot` is listed: alive, active, its seller approved. */
  listed(slot: number): boolean {
    return (
      this.alive[slot] === 1 &&
      this.active[slot] === 1 &&
      this.sellers.get(this.seller[slot] as number)?.approved === true
    );
  }

  /** A rough count of the bytes the index holds (typed arrays and posting lists), for the benchmark's notes. */
  get slotCount(): number {
    return this.ids.length;
  }
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

export function intersect(a: Slots, b: Slots): Slots {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
}
