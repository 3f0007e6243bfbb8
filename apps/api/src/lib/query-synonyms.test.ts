import { searchWords } from '@tibay/contract';
import { describe, expect, it } from 'vitest';
import { buildSynonymMap, everyWordKnown, expandQuery, noSynonyms, queryPhrasings, wordKey } from './query-synonyms.ts';

const map = buildSynonymMap([
  { term: 'yero', synonyms: ['corrugated gi sheet', 'long span'] },
  { term: 'hollow block', synonyms: ['chb'] },
  { term: 'gi wire', synonyms: ['tie wire'] },
  { term: 'gi', synonyms: ['galvanized'] },
]);

describe('expandQuery', () => {
  it('gives a rule term its synonyms and leaves other words alone', () => {
    expect(expandQuery(searchWords('Yero 26'), map)).toEqual([
      {
        words: ['yero'],
        alternatives: [
          ['corrugated', 'gi', 'sheet'],
          ['long', 'span'],
        ],
      },
      { words: ['26'], alternatives: [] },
    ]);
    expect(expandQuery(['cement'], map)).toEqual([{ words: ['cement'], alternatives: [] }]);
    expect(expandQuery(['yero'], noSynonyms)).toEqual([{ words: ['yero'], alternatives: [] }]);
  });

  it('takes the longest term starting at a word, and plurals match the singular term', () => {
    expect(expandQuery(['gi', 'wire', '16'], map)[0]).toEqual({
      words: ['gi', 'wire'],
      alternatives: [['tie', 'wire']],
    });
    expect(expandQuery(['gi', 'pipe'], map)[0]).toEqual({ words: ['gi'], alternatives: [['galvanized']] });
    expect(expandQuery(searchWords('6 in Hollow Blocks'), map)).toEqual([
      { words: ['6'], alternatives: [] },
      { words: ['in'], alternatives: [] },
      { words: ['hollow', 'blocks'], alternatives: [['chb']] },
    ]);
  });

  it('knows when every word is a rule term, and phrases the query with each synonym', () => {
    expect(everyWordKnown(expandQuery(['yero'], map))).toBe(true);
    expect(everyWordKnown(expandQuery(['yero', '26'], map))).toBe(false);
    expect(everyWordKnown([])).toBe(false);
    expect(queryPhrasings(expandQuery(['yero', '26'], map))).toEqual([
      'yero 26',
      'corrugated gi sheet 26',
      'long span 26',
    ]);
  });
});

describe('wordKey', () => {
  it('drops a plural s but keeps double s and short words', () => {
    expect(wordKey('blocks')).toBe('block');
    expect(wordKey('glass')).toBe('glass');
    expect(wordKey('gas')).toBe('gas');
  });
});
