import { noSynonyms } from '../../lib/query-synonyms.ts';
import type { SearchIndex } from './search-index.ts';
import { buildingImpact } from './search-index-pages.ts';
import { compileText, runQuery, type Stems } from './search-index-query.ts';
import { parseKeyword } from './text-match.ts';

/**
 * Before a new index answers (decision 0062): a few searches for the catalogue's most common brands (decision
 * 0071) and name words, alone, in pairs and with a letter dropped, so that the first real searches find the index's lazily built parts ready (the
 * impact orders of common lexemes: a sort of up to every product, decision 0043; the unions of a prefix's lexemes)
 * and the search code compiled by V8 rather than interpreted. Bounded by a count and a wall-clock budget, and to
 * words in at most `postings` names: one search runs in one turn of the event loop, and for a word in most of 1M
 * names it holds the loop for up to a second (measured: the longest pause while starting went from 119 ms to
 * 1,448 ms); such a word's impact order is built in slices instead (warmingImpacts, decision 0065).
 */
export const warmBounds = { words: 128, brands: 64, ms: 10_000, postings: 100_000, impactMs: 10_000 };

/** The `count` name words held by the most names (at most warmBounds.postings), most first. */
function commonWords(index: SearchIndex, count: number): string[] {
  const top: number[] = [];
  const size = (word: number) => index.nameWordPostings[word]?.length ?? 0;
  for (let word = 0; word < index.nameWordTexts.length; word++) {
    const text = index.nameWordTexts[word] as string;
    if (text.length < 3 || /^\d+$/.test(text) || size(word) > warmBounds.postings) continue;
    if (top.length === count && size(word) <= size(top[count - 1] as number)) continue;
    let at = top.length < count ? top.length : count - 1;
    top[at] = word;
    while (at > 0 && size(top[at - 1] as number) < size(word)) {
      top[at] = top[at - 1] as number;
      top[at - 1] = word;
      at--;
    }
  }
  return top.map((word) => index.nameWordTexts[word] as string);
}

/**
 * The `count` brands of the most products (at most warmBounds.postings), most first: a brand's lexeme is in the
 * brand field of thousands of products but may be in no name (at 1M, "Bostik" and "Emco": 50 ms for the first
 * search of each, which builds its impact order).
 */
function commonBrands(index: SearchIndex, count: number): string[] {
  const products = new Map<string, number>();
  for (let slot = 0; slot < index.slotCount; slot++) {
    const brand = index.brandLower[slot] as string;
    if (brand !== '') products.set(brand, (products.get(brand) ?? 0) + 1);
  }
  return [...products]
    .filter(([, held]) => held <= warmBounds.postings)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([brand]) => brand);
}

/**
 * The warm-up texts: the common brands first (cheap searches, so that the time budget never leaves them out), then
 * each common word, it with the next, and it with a middle letter dropped (a typo).
 */
export function warmTexts(index: SearchIndex): string[] {
  const words = commonWords(index, warmBounds.words);
  const texts = words.flatMap((word, i) => {
    const middle = Math.floor(word.length / 2);
    const next = words[(i + 1) % words.length] as string;
    return [word, `${word} ${next}`, ...(word.length >= 5 ? [word.slice(0, middle) + word.slice(middle + 1)] : [])];
  });
  const brands = commonBrands(index, warmBounds.brands).filter((brand) => !texts.includes(brand));
  return [...brands, ...texts];
}

/**
 * Runs the warm-up searches on the index one at a time (a generator: the caller yields to other requests between
 * them), with the lexemes of their words (`stems`, read by the caller). Answers are discarded.
 */
export function* warmingSearches(index: SearchIndex, texts: readonly string[], stems: Stems): Generator<void> {
  const started = Date.now();
  for (const text of texts) {
    if (Date.now() - started > warmBounds.ms) return;
    const match = parseKeyword(text, noSynonyms);
    if (!match) continue;
    runQuery(index, {
      text: compileText(match, stems),
      inStock: true,
      sort: 'relevance',
      offset: 0,
      pageSize: 24,
    });
    yield;
  }
}

/**
 * The impact orders of the lexemes in more than warmBounds.postings documents (their words' searches are left
 * out above: at 1M, "series" is in every name), commonest first, built in slices (buildingImpact) with a yield
 * after each, within warmBounds.impactMs: the first search of such a word then finds its order ready.
 */
export function* warmingImpacts(index: SearchIndex): Generator<void> {
  const started = Date.now();
  const size = (lexeme: number) => (index.lexemePostings[lexeme] as ArrayLike<number>).length;
  const common: number[] = [];
  for (let lexeme = 0; lexeme < index.lexemePostings.length; lexeme++) {
    if (size(lexeme) > warmBounds.postings) common.push(lexeme);
  }
  common.sort((a, b) => size(b) - size(a));
  for (const lexeme of common) {
    if (Date.now() - started > warmBounds.impactMs) return;
    yield* buildingImpact(index, lexeme);
  }
}
