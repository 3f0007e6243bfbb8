import { searchWords } from '@tibay/contract';
import { escapeLike } from '../../db/sql.ts';
import {
  everyWordKnown,
  expandQuery,
  type QueryPart,
  queryPhrasings,
  type SynonymMap,
} from '../../lib/query-synonyms.ts';

/**
 * The one set of text-matching rules of discovery (decision 0030): product search, the category and shop
 * keywords, the header's suggestions and the seller names all read the text here. The text's words are its
 * search words (searchWords: letters and digits, lower case), at most MAX_WORDS; a word a synonym rule names
 * also accepts the rule's synonyms; a name within a typo of the words matches too (trigram word similarity
 * at TYPO_THRESHOLD), unless every word is a rule's term. What differs between the callers is only how much
 * of a product is read: listings match the whole search document (name, brand, category, seller, description)
 * by word prefixes; suggestions match the name, anywhere in it. The SQL of these rules (the matches, relevance
 * and withTypoTolerance) is in text-match.repository.ts; this file reads the text.
 */

/** Words of the text read; the rest is ignored (search text is at most 200 characters). */
export const MAX_WORDS = 8;

/**
 * The lowest word similarity (0..1) for the trigram match `name %> term`. PostgreSQL's default (0.6) misses
 * one-letter typos in short words ("cemnt" vs cement scores 0.5).
 */
export const TYPO_THRESHOLD = 0.45;

/** The text as the queries match it: its words, those words expanded by the search synonyms, and their forms. */
export interface TextMatch {
  /** The search words read (at most MAX_WORDS). */
  words: string[];
  /** The words as parts: a part a synonym rule names carries the rule's synonyms (lib/query-synonyms.ts). */
  parts: QueryPart[];
  /** A prefix full-text query with the synonyms: `(yero:* | (corrugated:* & gi:* & sheet:*)) & 26:*`. */
  tsquery: string;
  /** The words as typed (joined by one space), for the trigram (typo) match. */
  term: string;
  /**
   * Whether a name within a typo of term also matches. Not when every word is a synonym rule's term: a known
   * word is no typo ("semento" means cement, not the similar "Casement").
   */
  typos: boolean;
  /** The query as typed and with its synonyms: relevance ranks names by closeness to the nearest. */
  phrasings: string[];
}

/** The search words of a text, at most MAX_WORDS. */
export function textWords(text: string | undefined): string[] {
  return text ? searchWords(text).slice(0, MAX_WORDS) : [];
}

/** The text (a keyword, a search, what is typed in a search box) to match; null when it has no word. */
export function parseKeyword(keyword: string | undefined, synonyms: SynonymMap): TextMatch | null {
  const words = textWords(keyword);
  if (words.length === 0) return null;
  const parts = expandQuery(words, synonyms);
  return {
    words,
    parts,
    tsquery: parts.map(partQuery).join(' & '),
    term: words.join(' '),
    typos: !everyWordKnown(parts),
    phrasings: queryPhrasings(parts),
  };
}

const prefixQuery = (words: readonly string[]) => words.map((word) => `${word}:*`).join(' & ');

/** A part's words as prefixes; with synonyms, any one of its phrasings. */
function partQuery(part: QueryPart): string {
  if (part.alternatives.length === 0) return prefixQuery(part.words);
  return `(${[part.words, ...part.alternatives].map((words) => `(${prefixQuery(words)})`).join(' | ')})`;
}

/** `text%` for LIKE/ILIKE: names starting with the text, its wildcards taken literally. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
