/**
 * Query expansion by search synonyms, independent of the search engine: the words of a query become parts,
 * and a part that names a synonym rule's term carries the rule's synonyms as alternative phrasings. The
 * PostgreSQL queries (modules/catalog/text-match.ts) turn parts into SQL; another engine can reuse
 * the same parts.
 */

/** A rule as stored: the term and the synonyms, each as search words joined by one space. */
export interface SynonymRule {
  term: string;
  synonyms: string[];
}

/** Rules by the key of their term's words (see wordKey), ready for expandQuery. */
export interface SynonymMap {
  byTerm: Map<string, string[][]>;
  /** Words in the longest term: expandQuery tries phrases of at most this many words. */
  longestTerm: number;
}

export const noSynonyms: SynonymMap = { byTerm: new Map(), longestTerm: 0 };

/**
 * The form of a word used to match rule terms: a plural's final s is dropped ("blocks" -> "block", not
 * "glass"), so a rule for "hollow block" also serves "hollow blocks".
 */
export function wordKey(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

const phraseKey = (words: readonly string[]) => words.map(wordKey).join(' ');

export function buildSynonymMap(rules: readonly SynonymRule[]): SynonymMap {
  const byTerm = new Map<string, string[][]>();
  let longestTerm = 0;
  for (const rule of rules) {
    const words = rule.term.split(' ').filter(Boolean);
    if (words.length === 0) continue;
    const alternatives = rule.synonyms.map((phrase) => phrase.split(' ').filter(Boolean)).filter((w) => w.length > 0);
    if (alternatives.length === 0) continue;
    byTerm.set(phraseKey(words), alternatives);
    longestTerm = Math.max(longestTerm, words.length);
  }
  return { byTerm, longestTerm };
}

/** Some consecutive words of the query; `alternatives` are other phrasings (each a list of words) it also matches. */
export interface QueryPart {
  words: string[];
  alternatives: string[][];
}

/**
 * The query's words (lower-case search words) as parts, left to right, taking the longest rule term that
 * starts at each word ("hollow blocks 6" -> [hollow blocks | chb] [6]). Words no rule names are parts of one
 * word without alternatives.
 */
export function expandQuery(words: readonly string[], synonyms: SynonymMap): QueryPart[] {
  const parts: QueryPart[] = [];
  let index = 0;
  while (index < words.length) {
    let taken: QueryPart | null = null;
    for (let length = Math.min(synonyms.longestTerm, words.length - index); length >= 1 && !taken; length--) {
      const phrase = words.slice(index, index + length);
      const alternatives = synonyms.byTerm.get(phraseKey(phrase));
      if (alternatives) taken = { words: phrase, alternatives };
    }
    const part = taken ?? { words: [words[index]!], alternatives: [] };
    parts.push(part);
    index += part.words.length;
  }
  return parts;
}

/** Whether every word of the query is a rule's term: a known word, so not a typo to look for in similar names. */
export function everyWordKnown(parts: readonly QueryPart[]): boolean {
  return parts.length > 0 && parts.every((part) => part.alternatives.length > 0);
}

/**
 * The query as whole phrases: as typed, then with one part at a time replaced by one of its alternatives
 * ("yero 26" -> "yero 26", "corrugated gi sheet 26", "long span 26"), at most `limit`. Used to rank names
 * by closeness to what the buyer meant.
 */
export function queryPhrasings(parts: readonly QueryPart[], limit = 6): string[] {
  const phrasings = [parts.map((part) => part.words.join(' ')).join(' ')];
  parts.forEach((part, index) => {
    for (const alternative of part.alternatives) {
      const words = parts.map((other, at) => (at === index ? alternative : other.words).join(' '));
      phrasings.push(words.join(' '));
    }
  });
  return [...new Set(phrasings)].slice(0, limit);
}
