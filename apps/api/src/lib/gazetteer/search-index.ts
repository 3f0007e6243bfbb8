// Name search over the gazetteer, built for typing: each word typed is a prefix of some word of the place
// or of its city and province ("cubao quezon", "lapu lapu", "sto tomas batangas").
//
// Ranking, best first: the whole name typed; the start of the name typed; every word in the place's own
// name; the first word in its own name; found through its city or province only. Within each, cities and
// municipalities, then provinces, regions, districts, barangays; bigger towns first.
//
// Entries are numbered in that static order, so a lower number is a better place within a tier and the
// best results come from comparing (tier, number) pairs. Names are kept sorted, so the places whose name
// starts with the query are one contiguous run: most queries are answered from that run alone.
import type { Place } from '@tibay/contract';
import { canonicalName, words } from './normalise.ts';

export interface Entry {
  place: Place;
  /** Kind order: 0 city or municipality ... 4 barangay. */
  rank: number;
  population: number;
  /** Words of the place's own name (with abbreviations both ways). */
  own: string[];
  /** Words of its city, province (and region): shared between siblings. */
  parents: string[];
  /** Whole-name spellings, canonical ("quezon city", "quezon"). */
  names: string[];
}

const tierShift = 2 ** 22;

export class SearchIndex {
  private readonly entries: Entry[];
  private readonly names: string[];
  private readonly nameIds: Uint32Array;
  private readonly words: string[];
  private readonly postings: Uint32Array[];
  private readonly counts: Uint32Array;
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(list: Entry[]) {
    this.entries = [...list].sort(
      (a, b) =>
        a.rank - b.rank ||
        b.population - a.population ||
        (a.place.label < b.place.label ? -1 : a.place.label > b.place.label ? 1 : 0),
    );
    if (this.entries.length >= tierShift) throw new Error('Gazetteer too large for the search index');

    const names: [string, number][] = [];
    const byWord = new Map<string, number[]>();
    this.entries.forEach((entry, id) => {
      for (const name of entry.names) names.push([name, id]);
      for (const list of [entry.own, entry.parents]) {
        for (const word of list) {
          const ids = byWord.get(word);
          if (!ids) byWord.set(word, [id]);
          else if (ids[ids.length - 1] !== id) ids.push(id);
        }
      }
    });
    names.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.names = names.map(([name]) => name);
    this.nameIds = Uint32Array.from(names, ([, id]) => id);
    this.words = [...byWord.keys()].sort();
    this.postings = this.words.map((word) => Uint32Array.from(byWord.get(word)!));
    this.counts = new Uint32Array(this.words.length + 1);
    for (let i = 0; i < this.words.length; i++) this.counts[i + 1] = this.counts[i]! + this.postings[i]!.length;
    this.seen = new Uint32Array(this.entries.length);
  }

  search(query: string, limit: number): Place[] {
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
      const id = this.nameIds[i]!;
      if (this.seen[id] === this.stamp) continue;
      this.seen[id] = this.stamp;
      const tier = this.names[i] === full ? 0 : 1;
      insert(top, tier * tierShift + id, limit);
    }
    if (top.length >= limit) return this.places(top);

    // Tiers 2 to 4: every word typed starts a word of the place, its city or its province.
    let driver = -1;
    let driverFrom = 0;
    let driverTo = 0;
    for (let w = 0; w < typed.length; w++) {
      const a = lowerBound(this.words, typed[w]!);
      const b = lowerBound(this.words, `${typed[w]}\uffff`);
      if (a === b) return this.places(top);
      if (driver < 0 || this.counts[b]! - this.counts[a]! < this.counts[driverTo]! - this.counts[driverFrom]!) {
        driver = w;
        driverFrom = a;
        driverTo = b;
      }
    }
    for (let t = driverFrom; t < driverTo; t++) {
      const ids = this.postings[t]!;
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k]!;
        if (this.seen[id] === this.stamp) continue;
        this.seen[id] = this.stamp;
        // Cheap exit: this place cannot beat the worst kept result even at tier 2.
        if (top.length === limit && 2 * tierShift + id > top[limit - 1]!) continue;
        const tier = this.tierOf(this.entries[id]!, typed);
        if (tier >= 0) insert(top, tier * tierShift + id, limit);
      }
    }
    return this.places(top);
  }

  /** 2: every word in its own name; 3: the first word in its own name; 4: otherwise; -1: no match. */
  private tierOf(entry: Entry, typed: string[]): number {
    let allOwn = true;
    for (const word of typed) {
      if (hasPrefix(entry.own, word)) continue;
      if (!hasPrefix(entry.parents, word)) return -1;
      allOwn = false;
    }
    if (allOwn) return 2;
    return hasPrefix(entry.own, typed[0]!) ? 3 : 4;
  }

  private places(top: number[]): Place[] {
    return top.map((key) => this.entries[key % tierShift]!.place);
  }
}

function hasPrefix(list: string[], prefix: string): boolean {
  for (const word of list) if (word.startsWith(prefix)) return true;
  return false;
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
