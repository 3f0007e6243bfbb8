import { trigramsOf, wordSimilarity } from './pg-text-functions.ts';
import type { SearchIndex, Slots } from './search-index.ts';
import { TYPO_THRESHOLD } from './text-match.ts';

/**
 * The typo half of a search on the index (decision 0043, 0046): the names within a typo of the text
 * (`name %> term`, pg_trgm's word_similarity at TYPO_THRESHOLD), as the SQL finds them.
 */

/** Scratch arrays of the query (zero / -1 on entry and on return). */
export interface TypoScratch {
  present: Uint16Array;
  inQuery: Uint8Array;
  lastpos: Int32Array;
}

/** A name-trigram query: the distinct trigram ids of a text (marked in inQuery while it is used). */
export function trigramQuery(index: SearchIndex, text: string) {
  const distinct = [...new Set(trigramsOf(text))];
  return { ids: distinct.map((t) => index.trigramId.get(t) ?? -1), size: distinct.length };
}

/**
 * Word starts whose presence in a name alone makes it a typo match (` ser` for "seres": every name with a word
 * starting "ser"), and short whole words (` pvc `): a word's first j trigrams all among the term's, distinct,
 * with j / ulen1 >= TYPO_THRESHOLD. Exact, not a guess: in pg_trgm's iterate_word_similarity the window that ends
 * at the j-th trigram can start at the word's first (starting later within the word only drops trigrams the
 * term has, so it never scores higher), and it scores j / ulen1. At most 64 patterns (names the patterns miss
 * are checked one by one).
 */
export function typoPatterns(termTrigrams: ReadonlySet<string>, size: number): string[] {
  let need = 1;
  while (need <= size && Math.fround(need / size) < TYPO_THRESHOLD) need++;
  const next = new Map<string, string[]>();
  for (const trigram of termTrigrams) {
    const chars = Array.from(trigram);
    const from = chars.slice(0, 2).join('');
    next.set(from, [...(next.get(from) ?? []), chars[2] as string]);
  }
  const patterns: string[] = [];
  const walk = (chars: string[], used: Set<string>) => {
    if (patterns.length >= 64) return;
    const last2 = (
      chars.length === 0 ? '  ' : chars.length === 1 ? ` ${chars[0]}` : chars.slice(-2).join('')
    ) as string;
    for (const c of next.get(last2) ?? []) {
      const trigram = last2 + c;
      if (used.has(trigram) || (c === ' ' && chars.length === 0)) continue;
      if (used.size + 1 >= need) patterns.push(c === ' ' ? ` ${chars.join('')} ` : ` ${chars.join('')}${c}`);
      else if (c !== ' ') walk([...chars, c], new Set([...used, trigram]));
    }
  };
  walk([], new Set());
  return patterns;
}

/** Slots whose name is within a typo of the term: word_similarity(term, name) >= TYPO_THRESHOLD. */
export function typoMatches(
  index: SearchIndex,
  term: string,
  matched: Slots,
  { present, inQuery, lastpos }: TypoScratch,
): number[] {
  const { ids, size } = trigramQuery(index, term);
  if (size === 0) return [];
  // Slots the full text already matched need no check: mark them past any count (65535).
  for (const slot of matched) present[slot] = 65535;
  const touched: number[] = [];
  for (const id of ids) {
    if (id < 0) continue;
    inQuery[id] = 1;
    const postings = index.trigramPostings[id] as Slots;
    for (let k = 0; k < postings.length; k++) {
      const slot = postings[k] as number;
      const count = present[slot] as number;
      if (count === 65535) continue;
      if (count === 0) touched.push(slot);
      present[slot] = count + 1;
    }
  }
  // word_similarity <= present / size: only those can reach the threshold.
  const need = TYPO_THRESHOLD * size - 1e-6;
  const found: number[] = [];
  const has = (trigram: number) => inQuery[trigram] === 1;
  const patterns = typoPatterns(new Set(trigramsOf(term)), size);
  for (const slot of touched) {
    if ((present[slot] as number) >= need && index.alive[slot] === 1) {
      const nameWords = index.nameWords[slot] as string;
      if (
        patterns.some((pattern) => nameWords.includes(pattern)) ||
        wordSimilarity(index.nameTrigramsOf(slot), has, size, TYPO_THRESHOLD, true, lastpos) >= TYPO_THRESHOLD
      )
        found.push(slot);
    }
    present[slot] = 0;
  }
  for (const slot of matched) present[slot] = 0;
  for (const id of ids) if (id >= 0) inQuery[id] = 0;
  // Native numeric sort of a typed copy: a typo of a common word finds tens of thousands.
  return Array.from(Int32Array.from(found).sort());
}
