/**
 * PostgreSQL's text functions that relevance uses, ported to JavaScript so that the in-memory search index
 * (decision 0043) ranks exactly as the SQL does (text-match.repository.ts): `ts_rank('{0.1, 0.2, 0.4, 1.0}', doc,
 * query)` (src/backend/utils/adt/tsrank.c, normalization 0) and pg_trgm's `word_similarity(term, name)` and
 * `name %> term` (contrib/pg_trgm/trgm_op.c). Float4 arithmetic is kept (Math.fround) so that ties and the typo
 * threshold fall the same way.
 */

const f = Math.fround;

/** One lexeme of a document: its position/weight words as PostgreSQL stores them (14 bits position, 2 weight). */
export interface DocEntry {
  lexeme: string;
  /** pos | weight << 14 (weight 3 = A, 2 = B, 1 = C, 0 = D). */
  positions: number[];
}

const weightOf: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** Parses the text form of a tsvector (`'bar':3A,11C 'steel':2A`) into its entries, in the vector's order. */
export function parseTsvector(text: string): DocEntry[] {
  const entries: DocEntry[] = [];
  const pattern = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const lexeme = (m[1] ?? '').replaceAll("''", "'").replaceAll('\\\\', '\\');
    const positions: number[] = [];
    for (const part of (m[2] ?? '').split(',')) {
      if (!part) continue;
      const last = part.at(-1) ?? '';
      const weight = weightOf[last];
      const pos = Number.parseInt(weight === undefined ? part : part.slice(0, -1), 10);
      positions.push(pos | ((weight ?? 0) << 14));
    }
    entries.push({ lexeme, positions });
  }
  return entries;
}

/** The rank weights of relevance, D C B A (text-match.repository.ts textRank). */
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)];
const wpos = (wep: number) => WEIGHTS[(wep >> 14) & 3] as number;
const posOf = (wep: number) => wep & 0x3fff;

/** word_distance of each distance 0..100 (float4 values), worked out once: ranking calls it per pair of positions. */
const wordDistances = Float64Array.from({ length: 101 }, (_, w) => f(1.0 / (1.005 + 0.05 * Math.exp(f(w) / 1.5 - 2))));

/** pg's word_distance of an integer distance (positions are integers). */
function wordDistance(w: number): number {
  return w > 100 ? f(1e-30) : (wordDistances[w] as number);
}

// ---------------------------------------------------------------------------------------------------------------
// pg_trgm

const wordPattern = /[\p{L}\p{N}]+/gu;

/** The trigrams of a text in order (duplicates kept), as pg_trgm's generate_trgm_only: each word "  word ". */
export function trigramsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().match(wordPattern) ?? []) {
    const padded = `  ${word} `;
    const chars = Array.from(padded);
    for (let i = 0; i + 3 <= chars.length; i++) out.push(chars.slice(i, i + 3).join(''));
  }
  return out;
}

/** A query text read once for word_similarity against many names: its distinct trigrams' ids. */
export interface TrigramQuery {
  /** Distinct trigram ids of the query (-1 for a trigram no name has: it can never be found). */
  ids: number[];
  /** Number of distinct trigrams of the query (ulen1). */
  size: number;
}

/**
 * word_similarity(query, name) over the name's trigram ids in order (trigram ids shared with the query through
 * `inQuery`: for each trigram id of the name, whether the query has it). `checkOnly` stops once the threshold
 * is reached, as the `%>` operator does. `lastpos` is scratch: -1 for every trigram id.
 */
export function wordSimilarity(
  nameTrigrams: ArrayLike<number>,
  inQuery: (trigram: number) => boolean,
  ulen1: number,
  threshold: number,
  checkOnly: boolean,
  lastpos: Int32Array,
): number {
  // found[trigram] is inQuery; trg2indexes are the name's trigram ids themselves (grouped by identity). lastpos
  // holds -1 for every trigram id on entry and on return.
  const len2 = nameTrigrams.length;
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i++) {
    const trg = nameTrigrams[i] as number;
    const found = inQuery(trg);
    if (lower >= 0 || found) {
      if ((lastpos[trg] as number) < 0) {
        ulen2++;
        if (found) count++;
      }
      lastpos[trg] = i;
    }
    if (!found) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = f(count / (ulen1 + ulen2 - count));
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = f(tmpCount / (ulen1 + tmpUlen2 - tmpCount));
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      if (checkOnly && smlrCur >= threshold) break;
      const tmpTrg = nameTrigrams[tmpLower] as number;
      if (lastpos[tmpTrg] === tmpLower) {
        tmpUlen2--;
        if (inQuery(tmpTrg)) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    if (checkOnly && smlrMax >= threshold) break;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tmpTrg = nameTrigrams[tmpLower] as number;
      if (lastpos[tmpTrg] === tmpLower) lastpos[tmpTrg] = -1;
    }
  }
  for (let i = 0; i < len2; i++) lastpos[nameTrigrams[i] as number] = -1;
  return smlrMax;
}

/** Numbers trigrams as they come (0, 1, 2, ...): `ids` holds them, `idOf` gives a trigram's number. */
export function trigramNumbering(): { ids: Map<string, number>; idOf: (trigram: string) => number } {
  const ids = new Map<string, number>();
  const idOf = (trigram: string) => {
    let id = ids.get(trigram);
    if (id === undefined) {
      id = ids.size;
      ids.set(trigram, id);
    }
    return id;
  };
  return { ids, idOf };
}

/** word_similarity(a, b) of two texts (for a few texts, such as seller names). */
export function textWordSimilarity(a: string, b: string): number {
  const { ids, idOf } = trigramNumbering();
  const query = new Set(trigramsOf(a).map(idOf));
  const name = trigramsOf(b).map(idOf);
  if (query.size === 0) return 0;
  return wordSimilarity(name, (t) => query.has(t), query.size, 1, false, new Int32Array(ids.size).fill(-1));
}

/**
 * calc_rank_or's term for one entry (positions words[from, to)), before the sum's division: the ts_rank of a
 * one-operand query is the float4 sum of these over the operand's entries (rankOneOperand).
 */
export function entryRankTerm(words: Int32Array, from: number, to: number): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < to - from; j++) {
    const w = wpos(words[from + j] as number);
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
}

/** Adds one entry's term to a one-operand rank being summed (float4, as calc_rank_or). */
export function addRankTerm(res: number, term: number): number {
  return f(res + term / 1.64493406685);
}

/**
 * ts_rank with relevance's weights and normalization 0 over a packed document (search-index.ts: [n, lexId x n,
 * start x (n + 1), position words...]): `entries[starts[op] .. starts[op + 1])` are the document's entries that
 * operand `op` (the query's distinct operands sorted as PostgreSQL sorts them) matches, in the document's order,
 * as find_wordentry yields them. `and`: the query's top operator is AND (calc_rank_and, which falls back to
 * calc_rank_or under two distinct operands), else calc_rank_or. `last`: scratch, one number per operand.
 */
export function tsRankPacked(
  doc: Int32Array,
  base: number,
  entries: Int32Array,
  starts: Int32Array,
  size: number,
  and: boolean,
  last: Int32Array,
): number {
  if (size === 0) return 0;
  const n = doc[base] as number;
  let res: number;
  if (and && size >= 2) {
    res = -1;
    for (let i = 0; i < size; i++) last[i] = -1;
    for (let i = 0; i < size; i++) {
      for (let e = starts[i] as number; e < (starts[i + 1] as number); e++) {
        const entry = entries[e] as number;
        last[i] = entry;
        const from = doc[base + 1 + n + entry] as number;
        const to = doc[base + 2 + n + entry] as number;
        for (let k = 0; k < i; k++) {
          const other = last[k] as number;
          if (other < 0) continue;
          const otherFrom = doc[base + 1 + n + other] as number;
          const otherTo = doc[base + 2 + n + other] as number;
          for (let l = from; l < to; l++) {
            const a = doc[l] as number;
            for (let p = otherFrom; p < otherTo; p++) {
              const b = doc[p] as number;
              const dist = Math.abs(posOf(a) - posOf(b));
              if (dist) {
                const curw = f(Math.sqrt(f(f(wpos(a) * wpos(b)) * wordDistance(dist))));
                res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
              }
            }
          }
        }
      }
    }
  } else {
    res = 0;
    for (let i = 0; i < size; i++) {
      for (let e = starts[i] as number; e < (starts[i + 1] as number); e++) {
        const entry = entries[e] as number;
        res = addRankTerm(
          res,
          entryRankTerm(doc, doc[base + 1 + n + entry] as number, doc[base + 2 + n + entry] as number),
        );
      }
    }
    res = f(res / size);
  }
  if (res < 0) res = f(1e-20);
  return res;
}
