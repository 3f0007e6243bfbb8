import { entryRankTerm, parseTsvector, trigramsOf } from './pg-text-functions.ts';
import { compareText, type IndexRow, type IndexSeller, type Slots } from './search-index-shapes.ts';
import {
  fromEntries,
  growable,
  packPostings,
  positionPair,
  SlotById,
  scanTsvector,
  trimming,
  withRoom,
} from './search-index-storage.ts';

/**
 * The in-memory search index of one API process (decision 0043): every depth-0 product with what GET /search
 * filters, counts, ranks and sorts on, and two inverted indexes — the search document's lexemes (full text, word
 * prefixes) and the name's trigrams (typos, name closeness). PostgreSQL stays the source of truth: the index is
 * built from it and kept in step by NOTIFY (search-index.service.ts). Queries are in search-index-query.ts.
 *
 * A product lives in a slot; a changed product takes a new slot and its old one is marked dead, so posting lists
 * only ever grow at their end and stay sorted. The storage is packed (decision 0048): typed arrays per slot field,
 * one array for all documents and one for all name trigrams, posting lists packed at the end of the build.
 */

/** The per-slot columns (SearchIndex's typed array fields of the same names). */
const columnNames = ['ids', 'alive', 'seller', 'category', 'brand', 'price', 'sold', 'state'] as const;

/** The bits of SearchIndex.state: what a search's filters read of every match first, in one byte. */
export const SlotState = { live: 1, inStock: 2, sellerApproved: 4 } as const;

export class SearchIndex {
  // Per slot: typed arrays exactly slotCount long (views on the columns below, renewed after each apply).
  ids = new Int32Array(0);
  alive = new Uint8Array(0);
  seller = new Int32Array(0);
  category = new Int32Array(0);
  /** Interned trimmed brand (-1: none) and the raw brand lower-cased (the brand filter compares that; interned). */
  brand = new Int32Array(0);
  readonly brandLower: string[] = [];
  price = new Float64Array(0);
  sold = new Int32Array(0);
  /** SlotState bits (live: alive and active; inStock; sellerApproved): a search's filters read one byte per match. */
  state = new Uint8Array(0);
  /** The name as written (suggestions show it) and lower-cased (name sorts and substring checks). */
  readonly name: string[] = [];
  readonly lowerName: string[] = [];
  /** Slot s's document at docData[docStart[s]]: [n, lexId x n, start x (n + 1) (absolute), position words...]. */
  docData = new Int32Array(0);
  docStart = new Int32Array(1);
  /** The names' trigram ids in order (duplicates kept), packed: see nameTrigramsOf. */
  nameTrigramData = new Int32Array(0);
  nameTrigramStart = new Int32Array(1);
  /**
   * The names' words (letters and digits, lower case), numbered: a word's text, trigram ids and names (slots,
   * ascending) by number, and each slot's word numbers packed as the trigrams are (from nameWordStart[slot]).
   */
  readonly nameWordId = new Map<string, number>();
  readonly nameWordTexts: string[] = [];
  readonly nameWordTrigrams: Int32Array[] = [];
  readonly nameWordPostings: Slots[] = [];
  nameWordData = new Int32Array(0);
  nameWordStart = new Int32Array(1);

  readonly slotOfId = new SlotById();
  liveCount = 0;
  slotCount = 0;

  // Lexemes: id by text, postings (slots, ascending), the texts sorted for prefix lookups; beside each posting its
  // entry's one-word rank term (entryRankTerm, 0073) and one or two positions (positionPair, 0074).
  readonly lexemeId = new Map<string, number>();
  readonly lexemes: string[] = [];
  readonly lexemePostings: Slots[] = [];
  readonly lexemeTerms: Array<Float32Array | number[]> = [];
  readonly lexemePositions: Array<Uint32Array | number[]> = [];
  private sortedLexemes: { texts: string[]; ids: number[] } | null = null;

  // Trigrams of names: id by text and postings (slots holding it, ascending, once per slot).
  readonly trigramId = new Map<string, number>();
  readonly trigramPostings: Slots[] = [];

  // Brands interned (trimmed, as the facet shows them).
  readonly brandId = new Map<string, number>();
  readonly brands: string[] = [];
  private readonly brandLowerText = new Map<string, string>();

  // Owners: sellers (approved or hidden, names; set anew on a seller change, with each slot's bit) and categories.
  private sellerMap = new Map<number, IndexSeller>();
  /**
   * Counts the changes of slots' state in place (a seller approved or hidden: its slots leave or rejoin every
   * search); every other change takes new slots or only removes. What a search kept about its hits holds while
   * this stays the same (search-index-relevance.ts's same-rank caps).
   */
  stateChanges = 0;
  get sellers(): Map<number, IndexSeller> {
    return this.sellerMap;
  }
  set sellers(sellers: Map<number, IndexSeller>) {
    this.sellerMap = sellers;
    this.stateChanges++;
    const approved = new Uint8Array(Math.max(0, ...sellers.keys()) + 1); // by seller id (small serials)
    for (const [id, s] of sellers) approved[id] = s.approved ? SlotState.sellerApproved : 0;
    const { state, seller } = this.columns;
    for (let slot = 0; slot < this.slotCount; slot++)
      state[slot] = ((state[slot] as number) & ~SlotState.sellerApproved) | (approved[seller[slot] as number] ?? 0);
  }
  categories = new Map<number, string>();

  /** The per-slot columns with spare room (the public fields are views on them). */
  private readonly columns = {
    ids: new Int32Array(0),
    alive: new Uint8Array(0),
    seller: new Int32Array(0),
    category: new Int32Array(0),
    brand: new Int32Array(0),
    price: new Float64Array(0),
    sold: new Int32Array(0),
    state: new Uint8Array(0),
  };
  private docLength = 0;
  private nameTrigramLength = 0;
  private nameWordLength = 0;
  /** Posting lists exist once frozen: the build packs them at the end; later products append to them. */
  private frozen = false;

  /** Adds or replaces products (rows read from PostgreSQL), and removes the ids given in `gone`. */
  apply(rows: readonly IndexRow[], gone: readonly number[] = []): void {
    for (const id of gone) this.remove(id);
    for (const row of rows) {
      this.remove(row.id);
      this.add(row);
    }
    this.publish();
  }

  remove(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.slotOfId.delete(id);
    this.columns.alive[slot] = 0;
    this.columns.state[slot] = (this.columns.state[slot] as number) & ~SlotState.live;
    this.liveCount--;
  }

  /**
   * Makes room for `products` at the sizes of the documents and names so far (and 1/16 more): no copy of the largest
   * arrays as they double during a build (at 1M each held the event loop 0.1-0.3 s: decision 0055).
   */
  reserve(products: number): void {
    const n = this.slotCount;
    if (n === 0 || products <= n) return;
    const c = this.columns;
    for (const key of columnNames) c[key] = withRoom(c[key], products, 1) as never;
    this.docStart = withRoom(this.docStart, products + 1, 1);
    this.nameTrigramStart = withRoom(this.nameTrigramStart, products + 1, 1);
    this.nameWordStart = withRoom(this.nameWordStart, products + 1, 1);
    const room = (used: number) => Math.ceil(((used / n) * products * 17) / 16);
    this.docData = withRoom(this.docData, room(this.docLength), 1);
    this.nameTrigramData = withRoom(this.nameTrigramData, room(this.nameTrigramLength), 1);
    this.nameWordData = withRoom(this.nameWordData, room(this.nameWordLength), 1);
    this.publish();
  }

  /** Slots whose product was changed or deleted (compaction rebuilds the index when they are many). */
  get deadCount(): number {
    return this.slotCount - this.liveCount;
  }

  /** The name's trigram ids of the slot, in order (duplicates kept), for word_similarity. */
  nameTrigramsOf(slot: number): Int32Array {
    return this.nameTrigramData.subarray(this.nameTrigramStart[slot], this.nameTrigramStart[slot + 1]);
  }

  private add(row: IndexRow): void {
    const slot = this.slotCount;
    const factor = this.frozen ? 1.25 : 2;
    const c = this.columns;
    if (slot >= c.ids.length) for (const key of columnNames) c[key] = withRoom(c[key], slot + 1, factor) as never;
    // The starts hold a slot's end too (one entry more than the columns: grown with them, a last slot at their end
    // lost its end, and its name's words and trigrams read as none).
    if (slot + 1 >= this.nameWordStart.length) {
      this.docStart = withRoom(this.docStart, slot + 2, factor);
      this.nameTrigramStart = withRoom(this.nameTrigramStart, slot + 2, factor);
      this.nameWordStart = withRoom(this.nameWordStart, slot + 2, factor);
    }
    c.ids[slot] = row.id;
    c.alive[slot] = 1;
    c.seller[slot] = row.seller_id;
    c.category[slot] = row.category_id;
    const trimmedBrand = (row.brand ?? '').trim();
    c.brand[slot] = trimmedBrand ? this.intern(trimmedBrand) : -1;
    c.price[slot] = Number(row.price);
    c.sold[slot] = row.sold_count;
    c.state[slot] =
      (row.is_active ? SlotState.live : 0) |
      (row.tree_stock > 0 ? SlotState.inStock : 0) |
      (this.sellerMap.get(row.seller_id)?.approved ? SlotState.sellerApproved : 0);
    const lowerBrand = (row.brand ?? '').toLowerCase();
    let brandLower = this.brandLowerText.get(lowerBrand);
    if (brandLower === undefined) {
      brandLower = lowerBrand;
      this.brandLowerText.set(lowerBrand, lowerBrand);
    }
    this.brandLower[slot] = brandLower;
    this.name[slot] = row.name;
    const lowerName = row.name.toLowerCase();
    this.lowerName[slot] = lowerName;
    const words = lowerName.match(/[\p{L}\p{N}]+/gu) ?? [];
    this.packDocument(slot, row.search ?? '', factor);
    this.packTrigrams(slot, words, factor);
    this.slotOfId.set(row.id, slot);
    this.slotCount++;
    this.liveCount++;
  }

  /** Renews the per-slot views after a change (readers see exactly slotCount entries). */
  private publish(): void {
    const c = this.columns;
    const n = this.slotCount;
    for (const key of columnNames) this[key] = c[key].subarray(0, n) as never;
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

  private packDocument(slot: number, search: string, factor: number): void {
    const entries = scanTsvector(search) ?? fromEntries(parseTsvector(search));
    const n = entries.count;
    const size = 1 + n + n + 1 + (entries.starts[n] as number);
    const base = this.docLength;
    this.docData = withRoom(this.docData, base + size, factor);
    const doc = this.docData;
    doc[base] = n;
    let at = base + 1 + n + n + 1;
    for (let i = 0; i < n; i++) {
      const lexeme = entries.lexemes[i] as string;
      let lex = this.lexemeId.get(lexeme);
      if (lex === undefined) {
        lex = this.lexemes.length;
        this.lexemes.push(lexeme);
        this.lexemeId.set(lexeme, lex);
        this.sortedLexemes = null;
      }
      doc[base + 1 + i] = lex;
      doc[base + 1 + n + i] = at;
      const from = at;
      const last = entries.starts[i + 1] as number;
      for (let p = entries.starts[i] as number; p < last; p++) doc[at++] = entries.positions[p] as number;
      if (this.frozen) {
        growable(this.lexemePostings, lex).push(slot);
        growable(this.lexemeTerms, lex).push(entryRankTerm(doc, from, at));
        growable(this.lexemePositions, lex).push(positionPair(doc, from, at));
      }
    }
    doc[base + 1 + n + n] = at;
    this.docLength = at;
    this.docStart[slot] = base;
    this.docStart[slot + 1] = at;
  }

  /** The name's trigrams (trigramsOf(name): each word's in turn, so read word by word) and its word numbers. */
  private packTrigrams(slot: number, words: readonly string[], factor: number): void {
    let at = this.nameTrigramLength;
    let wordAt = this.nameWordLength;
    this.nameWordData = withRoom(this.nameWordData, wordAt + words.length, factor);
    for (const text of words) {
      const word = this.wordOf(text);
      this.nameWordData[wordAt++] = word;
      const ids = this.nameWordTrigrams[word] as Int32Array;
      this.nameTrigramData = withRoom(this.nameTrigramData, at + ids.length, factor);
      this.nameTrigramData.set(ids, at);
      at += ids.length;
      if (!this.frozen) continue;
      const holders = growable(this.nameWordPostings, word);
      if (holders[holders.length - 1] !== slot) holders.push(slot);
      for (const id of ids) {
        const postings = growable(this.trigramPostings, id);
        if (postings[postings.length - 1] !== slot) postings.push(slot);
      }
    }
    this.nameTrigramStart[slot] = this.nameTrigramLength;
    this.nameTrigramStart[slot + 1] = at;
    this.nameTrigramLength = at;
    this.nameWordStart[slot] = this.nameWordLength;
    this.nameWordStart[slot + 1] = wordAt;
    this.nameWordLength = wordAt;
  }

  /** A name word's number (a new word gets one, with its trigram ids: new trigrams get an id). */
  private wordOf(text: string): number {
    let word = this.nameWordId.get(text);
    if (word !== undefined) return word;
    const trigrams = trigramsOf(text);
    const ids = new Int32Array(trigrams.length);
    trigrams.forEach((trigram, i) => {
      let id = this.trigramId.get(trigram);
      if (id === undefined) {
        id = this.trigramId.size;
        this.trigramId.set(trigram, id);
        if (this.frozen) this.trigramPostings.push([]);
      }
      ids[i] = id;
    });
    word = this.nameWordTexts.length;
    this.nameWordId.set(text, word);
    this.nameWordTexts.push(text);
    this.nameWordTrigrams.push(ids);
    if (this.frozen) this.nameWordPostings.push([]);
    return word;
  }

  /** Ends the build at once (each step of freezing() is a slice of the work: a caller that must not block awaits). */
  freeze(): void {
    Array.from(this.freezing()); // every step at once
  }

  /**
   * Ends the build: drops the spare room of the packed arrays and builds every posting list from them (one
   * Int32Array for each kind, each list a view on it). A generator: it yields between slices of the work so
   * that the keeper lets other requests run. Changes after this append to the lists.
   */
  *freezing(): Generator<void, void, void> {
    if (this.frozen) return;
    const c = this.columns;
    const n = this.slotCount;
    for (const key of columnNames) c[key] = (yield* trimming(c[key], n)) as never;
    this.docStart = yield* trimming(this.docStart, n + 1);
    this.nameTrigramStart = yield* trimming(this.nameTrigramStart, n + 1);
    this.docData = yield* trimming(this.docData, this.docLength);
    this.nameTrigramData = yield* trimming(this.nameTrigramData, this.nameTrigramLength);
    this.nameWordStart = yield* trimming(this.nameWordStart, n + 1);
    this.nameWordData = yield* trimming(this.nameWordData, this.nameWordLength);
    this.publish();
    yield;
    const doc = this.docData;
    yield* packPostings(
      this.lexemes.length,
      n,
      (slot, visit) => {
        const base = this.docStart[slot] as number;
        const count = doc[base] as number;
        for (let i = 1; i <= count; i++) {
          const [from, to] = [doc[base + count + i] as number, doc[base + count + i + 1] as number];
          visit(doc[base + i] as number, entryRankTerm(doc, from, to), positionPair(doc, from, to));
        }
      },
      this.lexemePostings,
      this.lexemeTerms,
      this.lexemePositions,
    );
    const trigrams = this.nameTrigramData;
    yield* packPostings(
      this.trigramId.size,
      n,
      (slot, visit) => {
        const end = this.nameTrigramStart[slot + 1] as number;
        for (let i = this.nameTrigramStart[slot] as number; i < end; i++) visit(trigrams[i] as number);
      },
      this.trigramPostings,
    );
    const words = this.nameWordData;
    yield* packPostings(
      this.nameWordTexts.length,
      n,
      (slot, visit) => {
        const end = this.nameWordStart[slot + 1] as number;
        for (let i = this.nameWordStart[slot] as number; i < end; i++) visit(words[i] as number);
      },
      this.nameWordPostings,
    );
    this.frozen = true;
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
}
