// Name search over the gazetteer, built for typing: each word typed is the start of a word of the place
// or of its city and province ("cubao quezon", "lapu lapu", "sto tomas batangas").
//
// Ranking, best first: the whole name typed; the start of the name typed; every word in the place's own
// name; the first word in its own name; found through its city or province only. Within each tier the
// place's number decides: the gazetteer numbers places cities first, then provinces, regions, districts,
// barangays, bigger towns first. So the best results are the smallest (tier, number) pairs.
//
// Names are kept sorted, so the places whose name starts with the query are one contiguous run, and most
// queries are answered from that run alone. The index keeps no object per place: 42,000 barangays cost a
// few arrays, which keeps building it fast.
import { canonicalName, words } from './normalise.ts';

export interface IndexSource {
  size: number;
  /** Per place: its own words as " w1 w2 " (abbreviations both ways), for prefix tests. */
  ownText: string[];
  /** Per place: the words of its city, province (and region) as " w1 w2 ". Siblings share one string. */
  parentText: string[];
  /** Own words, posted once for all the places that carry them (the many barangays named alike). */
  ownGroups: { words: string[]; ids: number[] }[];
  /** Words of the parents, posted once for a run of places [from, to) that share them. */
  parentGroups: { words: string[]; from: number; to: number }[];
  /** Whole-name spellings (canonical) and the places they name. */
  names: Map<string, number[]>;
}

const tierShift = 2 ** 22;

export class SearchIndex {
  private readonly ownText: string[];
  private readonly parentText: string[];
  private readonly names: string[];
  /** The places of names[i] are nameIds[nameStart[i] .. nameStart[i + 1]). */
  private readonly nameStart: Uint32Array;
  private readonly nameIds: Uint32Array;
  private readonly words: string[];
  private readonly singles: Uint32Array[];
  /** Pairs [from, to) of places posted as a run. */
  private readonly runs: Uint32Array[];
  private readonly counts: Float64Array;
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(source: IndexSource) {
    if (source.size >= tierShift) throw new Error('Gazetteer too large for the search index');
    this.ownText = source.ownText;
    this.parentText = source.parentText;

    this.names = [...source.names.keys()].sort();
    this.nameStart = new Uint32Array(this.names.length + 1);
    let total = 0;
    this.names.forEach((name, i) => {
      this.nameStart[i] = total;
      total += source.names.get(name)!.length;
    });
    this.nameStart[this.names.length] = total;
    this.nameIds = new Uint32Array(total);
    for (let i = 0; i < this.names.length; i++) this.nameIds.set(source.names.get(this.names[i]!)!, this.nameStart[i]!);

    const singles = new Map<string, number[]>();
    const runs = new Map<string, number[]>();
    for (const group of source.ownGroups) {
      for (const word of group.words) {
        const list = singles.get(word);
        if (list) for (const id of group.ids) list.push(id);
        else singles.set(word, group.ids.slice());
      }
    }
    for (const group of source.parentGroups) {
      for (const word of group.words) {
        const list = runs.get(word);
        if (list) list.push(group.from, group.to);
        else runs.set(word, [group.from, group.to]);
      }
    }
    this.words = [...new Set([...singles.keys(), ...runs.keys()])].sort();
    const empty = new Uint32Array(0);
    this.singles = this.words.map((word) => (singles.has(word) ? Uint32Array.from(singles.get(word)!) : empty));
    this.runs = this.words.map((word) => (runs.has(word) ? Uint32Array.from(runs.get(word)!) : empty));
    this.counts = new Float64Array(this.words.length + 1);
    for (let i = 0; i < this.words.length; i++) {
      let size = this.singles[i]!.length;
      const pairs = this.runs[i]!;
      for (let k = 0; k < pairs.length; k += 2) size += pairs[k + 1]! - pairs[k]!;
      this.counts[i + 1] = this.counts[i]! + size;
    }
    this.seen = new Uint32Array(source.size);
  }

  /** The numbers of the best places for what was typed, best first. */
  search(query: string, limit: number): number[] {
    const typed = [...new Set(words(query))];
    if (typed.length === 0 || limit <= 0) return [];
    const full = canonicalName(query);
    this.stamp++;
    const top: number[] = [];

    // Tiers 0 and 1: names that are, or start with, what was typed. The exact name sorts first,
    // so a place met again further on is already kept at its best tier.
    const from = lowerBound(this.names, full);
    const to = lowerBound(this.names, `${full}\uffff`);
    for (let i = from; i < to; i++) {
      const tier = this.names[i] === full ? 0 : tierShift;
      for (let k = this.nameStart[i]!; k < this.nameStart[i + 1]!; k++) {
        const id = this.nameIds[k]!;
        if (this.seen[id] === this.stamp) continue;
        this.seen[id] = this.stamp;
        insert(top, tier + id, limit);
      }
    }
    if (top.length >= limit) return top.map((key) => key % tierShift);

    // Tiers 2 to 4: every word typed starts a word of the place, its city or its province.
    // Walk the places of the rarest word typed and test the others.
    const starts = typed.map((word) => ` ${word}`);
    let driverFrom = -1;
    let driverTo = -1;
    for (const word of typed) {
      const a = lowerBound(this.words, word);
      const b = lowerBound(this.words, `${word}\uffff`);
      if (a === b) return top.map((key) => key % tierShift);
      if (driverFrom < 0 || this.counts[b]! - this.counts[a]! < this.counts[driverTo]! - this.counts[driverFrom]!) {
        driverFrom = a;
        driverTo = b;
      }
    }
    const consider = (id: number) => {
      if (this.seen[id] === this.stamp) return;
      this.seen[id] = this.stamp;
      // Cheap exit: this place cannot beat the worst kept result even at tier 2.
      if (top.length === limit && 2 * tierShift + id > top[limit - 1]!) return;
      const tier = this.tierOf(id, starts);
      if (tier >= 0) insert(top, tier * tierShift + id, limit);
    };
    for (let t = driverFrom; t < driverTo; t++) {
      const ids = this.singles[t]!;
      for (let k = 0; k < ids.length; k++) consider(ids[k]!);
      const pairs = this.runs[t]!;
      for (let k = 0; k < pairs.length; k += 2) {
        for (let id = pairs[k]!; id < pairs[k + 1]!; id++) consider(id);
      }
    }
    return top.map((key) => key % tierShift);
  }

  /** 2: every word in its own name; 3: the first word in its own name; 4: otherwise; -1: no match. */
  private tierOf(id: number, starts: string[]): number {
    const own = this.ownText[id]!;
    const parents = this.parentText[id]!;
    let allOwn = true;
    for (const start of starts) {
      if (own.includes(start)) continue;
      if (!parents.includes(start)) return -1;
      allOwn = false;
    }
    if (allOwn) return 2;
    return own.includes(starts[0]!) ? 3 : 4;
  }
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps `top` sorted and at most `limit` long. */
function insert(top: number[], key: number, limit: number) {
  if (top.length === limit && key >= top[limit - 1]!) return;
  let i = top.length;
  while (i > 0 && top[i - 1]! > key) i--;
  top.splice(i, 0, key);
  if (top.length > limit) top.pop();
}
