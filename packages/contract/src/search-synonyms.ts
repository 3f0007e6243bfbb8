import { z } from 'zod';

/**
 * Search synonyms: the trade's words (Filipino, Taglish, slang) mapped to the words the catalogue uses, so
 * "yero" finds corrugated GI sheets. A rule is one way: searching its term also searches each synonym.
 * Administrators edit them in admin-v2 ("Search synonyms").
 */

/** The words of a text as search sees them: runs of letters and digits, lower-cased ("G.I. wire" -> g, i, wire). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The phrases typed in the form's one field, separated by commas or new lines. */
export function splitSynonyms(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((phrase) => phrase.trim())
    .filter(Boolean);
}

export const synonymLimits = {
  termWords: 3,
  synonymWords: 4,
  synonyms: 10,
} as const;

export const synonymMessages = {
  termRequired: 'Enter the word buyers type.',
  termTooLong: `The word buyers type can have at most ${synonymLimits.termWords} words.`,
  synonymsRequired: 'Enter at least one word or phrase to search for.',
  synonymsTooMany: `Enter at most ${synonymLimits.synonyms} words or phrases to search for.`,
  synonymTooLong: `Each word or phrase to search for can have at most ${synonymLimits.synonymWords} words.`,
  synonymIsTerm: 'A word to search for cannot be the word buyers type.',
  termTaken: 'There is already a rule for this word.',
  notFound: 'This synonym rule no longer exists.',
  created: 'Synonym rule added.',
  updated: 'Synonym rule saved.',
  deleted: 'Synonym rule deleted.',
} as const;

/**
 * A rule as the API takes it, normalized: the term and each synonym become their search words joined by one
 * space ("Hollow  Blocks!" -> "hollow blocks"); repeated synonyms are dropped.
 */
export const searchSynonymInput = z
  .object({
    term: z.string().max(100, synonymMessages.termTooLong),
    synonyms: z.array(z.string().max(100, synonymMessages.synonymTooLong)).max(50, synonymMessages.synonymsTooMany),
  })
  .strict()
  .transform(({ term, synonyms }) => ({
    term: searchWords(term).join(' '),
    synonyms: [...new Set(synonyms.map((phrase) => searchWords(phrase).join(' ')).filter(Boolean))],
  }))
  .superRefine(({ term, synonyms }, context) => {
    const termWords = term ? term.split(' ').length : 0;
    if (termWords === 0) context.addIssue({ code: 'custom', path: ['term'], message: synonymMessages.termRequired });
    if (termWords > synonymLimits.termWords) {
      context.addIssue({ code: 'custom', path: ['term'], message: synonymMessages.termTooLong });
    }
    const problem =
      synonyms.length === 0
        ? synonymMessages.synonymsRequired
        : synonyms.length > synonymLimits.synonyms
          ? synonymMessages.synonymsTooMany
          : synonyms.some((phrase) => phrase.split(' ').length > synonymLimits.synonymWords)
            ? synonymMessages.synonymTooLong
            : term && synonyms.includes(term)
              ? synonymMessages.synonymIsTerm
              : null;
    if (problem) context.addIssue({ code: 'custom', path: ['synonyms'], message: problem });
  });
export type SearchSynonymInput = z.input<typeof searchSynonymInput>;

/** The admin form: the synonyms typed in one field, separated by commas; checked with the API's rules. */
export const searchSynonymForm = z
  .object({ term: z.string(), synonyms: z.string() })
  .transform(({ term, synonyms }) => ({ term, synonyms: splitSynonyms(synonyms) }))
  .pipe(searchSynonymInput);

export const searchSynonym = z.object({
  id: z.number().int(),
  term: z.string(),
  synonyms: z.array(z.string()),
  updated_at: z.string(),
});
export type SearchSynonym = z.infer<typeof searchSynonym>;

export const searchSynonymList = z.object({ items: z.array(searchSynonym) });
export type SearchSynonymList = z.infer<typeof searchSynonymList>;
