import { describe, expect, it } from 'vitest';
import { searchSynonymForm, searchSynonymInput, searchWords, synonymMessages } from './search-synonyms.ts';

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('search synonym rules', () => {
  it('normalizes the term and the synonyms to search words, dropping repeats', () => {
    expect(searchWords('G.I. Tie-Wire #16')).toEqual(['g', 'i', 'tie', 'wire', '16']);
    expect(searchSynonymInput.parse({ term: '  Hollow  Blocks! ', synonyms: ['CHB', 'chb ', ' '] })).toEqual({
      term: 'hollow blocks',
      synonyms: ['chb'],
    });
    expect(searchSynonymForm.parse({ term: 'Yero', synonyms: 'Corrugated GI sheet,\nlong span, ' })).toEqual({
      term: 'yero',
      synonyms: ['corrugated gi sheet', 'long span'],
    });
  });

  it('says what is wrong, field by field', () => {
    expect(fieldErrors(searchSynonymForm.safeParse({ term: '', synonyms: '' }))).toEqual({
      term: synonymMessages.termRequired,
      synonyms: synonymMessages.synonymsRequired,
    });
    expect(fieldErrors(searchSynonymInput.safeParse({ term: 'a b c d', synonyms: ['x'] }))).toEqual({
      term: synonymMessages.termTooLong,
    });
    expect(fieldErrors(searchSynonymInput.safeParse({ term: 'pako', synonyms: ['nail', 'Pako'] }))).toEqual({
      synonyms: synonymMessages.synonymIsTerm,
    });
    expect(fieldErrors(searchSynonymInput.safeParse({ term: 'pako', synonyms: ['one two three four five'] }))).toEqual({
      synonyms: synonymMessages.synonymTooLong,
    });
    expect(searchSynonymInput.safeParse({ term: 'pako', synonyms: ['nail'], extra: 1 }).success).toBe(false);
  });
});
