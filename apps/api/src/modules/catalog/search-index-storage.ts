import type { DocEntry } from './pg-text-functions.ts';

/**
 * The packed storage of the search index (decision 0048): growable typed arrays instead of JS arrays and one
 * small typed array per product, so that 1,000,000 products fit in about a gigabyte per process.
 */

type Typed = Int32Array | Uint8Array | Float64Array;

/**
 * `array` with room for at least `need` entries: the same array when it has it, else a copy `factor` times
 * larger (doubling while the index is built, +25% afterwards so that one change does not double a large array).
 */
export function withRoom<T extends Typed>(array: T, need: number, factor: number): T {
  if (need <= array.length) return array;
  const bigger = new (array.constructor as new (length: number) => T)(
    Math.max(need, Math.ceil(array.length * factor), 16),
  );
  bigger.set(array);
  return bigger;
}

/**
 * The array cut to `length`, copied a slice at a time (yields between slices; returns the copy), so that trimming
 * the largest arrays at the end of a build (400 MB at 1M products) does not hold the event loop for one copy.
 */
export function* trimming<T extends Typed>(array: T, length: number, step = 1 << 22): Generator<void, T, void> {
  if (array.length === length) return array;
  const copy = new (array.constructor as new (length: number) => T)(length);
  for (let at = 0; at < length; at += step) {
    copy.set(array.subarray(at, Math.min(length, at + step)), at);
    yield;
  }
  return copy;
}

/**
 * Slot by product id: an Int32Array indexed by id (ids are a serial: dense and small), -1 when absent; ids
 * beyond MAX_DENSE_ID go to a Map. The same get/set/delete/has/size as the Map it replaces.
 */
const MAX_DENSE_ID = 1 << 24;
export class SlotById {
  private dense = new Int32Array(0);
  private readonly sparse = new Map<number, number>();
  size = 0;

  get(id: number): number | undefined {
    if (id > MAX_DENSE_ID || id < 0) return this.sparse.get(id);
    const slot = id < this.dense.length ? (this.dense[id] as number) : -1;
    return slot < 0 ? undefined : slot;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  set(id: number, slot: number): void {
    if (this.get(id) === undefined) this.size++;
    if (id > MAX_DENSE_ID || id < 0) {
      this.sparse.set(id, slot);
      return;
    }
    if (id >= this.dense.length) {
      const old = this.dense.length;
      this.dense = withRoom(this.dense, id + 1, 1.5);
      this.dense.fill(-1, old);
    }
    this.dense[id] = slot;
  }

  delete(id: number): boolean {
    if (this.get(id) === undefined) return false;
    this.size--;
    if (id > MAX_DENSE_ID || id < 0) this.sparse.delete(id);
    else this.dense[id] = -1;
    return true;
  }
}

/**
 * Posting lists built in one go from the per-slot packed data (a counting sort: count, offsets, fill — slots
 * ascending, so every list is sorted), as views on one Int32Array. `entries(slot, visit)` calls visit with each
 * list id the slot belongs to (duplicates are dropped here), and with a value of that posting when `values` is
 * given: values[list] then holds them at the same places as into[list] (views on one Float32Array); the same for
 * `pairs` and a 32-bit pair (views on one Uint32Array). Yields every
 * `step` slots so that a caller can let other requests run (the build of 1M products takes seconds).
 */
export function* packPostings(
  listCount: number,
  slotCount: number,
  entries: (slot: number, visit: (list: number, value?: number, pair?: number) => void) => void,
  into: Array<ArrayLike<number>>,
  values: Array<ArrayLike<number>> | null = null,
  pairs: Array<ArrayLike<number>> | null = null,
  step = 10_000,
): Generator<void, void, void> {
  const counts = new Int32Array(listCount + 1);
  const lastSlot = new Int32Array(listCount).fill(-1);
  let slot = 0;
  const count = (list: number) => {
    if (lastSlot[list] === slot) return;
    lastSlot[list] = slot;
    counts[list + 1] = (counts[list + 1] as number) + 1;
  };
  for (; slot < slotCount; slot++) {
    entries(slot, count);
    if (slot % step === step - 1) yield;
  }
  for (let list = 0; list < listCount; list++)
    counts[list + 1] = (counts[list + 1] as number) + (counts[list] as number);
  const data = new Int32Array(counts[listCount] as number);
  const valueData = new Float32Array(values ? data.length : 0);
  const pairData = new Uint32Array(pairs ? data.length : 0);
  const fill = counts.slice(0, listCount);
  lastSlot.fill(-1);
  const put = (list: number, value = 0, pair = 0) => {
    if (lastSlot[list] === slot) return;
    lastSlot[list] = slot;
    const at = fill[list] as number;
    data[at] = slot;
    if (values) valueData[at] = value;
    if (pairs) pairData[at] = pair;
    fill[list] = at + 1;
  };
  for (slot = 0; slot < slotCount; slot++) {
    entries(slot, put);
    if (slot % step === step - 1) yield;
  }
  for (let list = 0; list < listCount; list++) {
    into[list] = data.subarray(counts[list], counts[list + 1]);
    if (values) values[list] = valueData.subarray(counts[list], counts[list + 1]);
    if (pairs) pairs[list] = pairData.subarray(counts[list], counts[list + 1]);
  }
}

/** A tsvector's entries as scanTsvector gives them (arrays reused from call to call). */
export interface ScannedVector {
  count: number;
  lexemes: string[];
  /** Entry i's position words are positions[starts[i] .. starts[i + 1]). */
  starts: number[];
  positions: number[];
}
const scanned: ScannedVector = { count: 0, lexemes: [], starts: [0], positions: [] };
const WEIGHT_A = 65; // 'A': weight 3; 'B' 2, 'C' 1, 'D' 0 (pg-text-functions.ts parseTsvector)

/**
 * The build's fast reading of a tsvector's text (`'bar':3A,11C 'steel':2A`): what parseTsvector gives, without
 * its regular expression and per-entry objects (it was most of the build's time). Null for a lexeme with a quote
 * or a backslash (escaped in the text form): the caller then uses parseTsvector.
 */
export function scanTsvector(text: string): ScannedVector | null {
  const out = scanned;
  out.count = 0;
  out.positions.length = 0;
  let i = 0;
  const end = text.length;
  while (i < end) {
    if (text.charCodeAt(i) !== 39) return null; // '
    const close = text.indexOf("'", i + 1);
    if (close < 0 || text.charCodeAt(close + 1) === 39) return null;
    const lexeme = text.slice(i + 1, close);
    if (lexeme.includes('\\')) return null;
    out.lexemes[out.count] = lexeme;
    out.starts[out.count] = out.positions.length;
    out.count++;
    i = close + 1;
    if (text.charCodeAt(i) === 58) {
      // :3A,11C
      i++;
      for (;;) {
        let pos = 0;
        let code = text.charCodeAt(i);
        while (code >= 48 && code <= 57) {
          pos = pos * 10 + code - 48;
          code = text.charCodeAt(++i);
        }
        let weight = 0;
        if (code >= WEIGHT_A && code <= WEIGHT_A + 3) {
          weight = 3 - (code - WEIGHT_A);
          code = text.charCodeAt(++i);
        }
        out.positions.push(pos | (weight << 14));
        if (code !== 44) break; // ,
        i++;
      }
    }
    if (i < end) {
      if (text.charCodeAt(i) !== 32) return null;
      i++;
    }
  }
  out.starts[out.count] = out.positions.length;
  return out;
}

/** parseTsvector's entries in scanTsvector's shape (for the rare document the fast scan leaves to it). */
export function fromEntries(entries: DocEntry[]): ScannedVector {
  const out: ScannedVector = { count: entries.length, lexemes: [], starts: [], positions: [] };
  for (const entry of entries) {
    out.lexemes.push(entry.lexeme);
    out.starts.push(out.positions.length);
    out.positions.push(...entry.positions);
  }
  out.starts.push(out.positions.length);
  return out;
}

/**
 * The list at `at` (a posting list or its values) to append to: a JS array again if it was packed, a new one if
 * there is none yet (a lexeme new since the build).
 */
export function growable(lists: Array<ArrayLike<number>>, at: number): number[] {
  const list = lists[at];
  if (Array.isArray(list)) return list;
  const copy = list ? Array.from(list) : [];
  lists[at] = copy;
  return copy;
}

/**
 * An entry's position words (positions doc[from, to), 16 bits each as PostgreSQL keeps them) as one number beside
 * its posting (decision 0074): the first in the low half, the second (0: none) in the high; 0 for more than two
 * (a position word is never 0: positions start at 1), whose ranks read the document.
 */
export function positionPair(doc: Int32Array, from: number, to: number): number {
  if (to - from > 2 || to === from) return 0;
  return ((doc[from] as number) | (to - from === 2 ? (doc[from + 1] as number) << 16 : 0)) >>> 0;
}
