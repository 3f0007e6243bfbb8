import { describe, expect, it } from 'vitest';
import { noSynonyms } from '../../lib/query-synonyms.ts';
import { indexRowOfName } from '../../test/catalog-fixtures.ts';
import { SearchIndex } from './search-index.ts';
import { compileText, runQuery } from './search-index-query.ts';
import { parseKeyword } from './text-match.ts';

/**
 * Products from `from` on: each holds "seri", but every 13th (not 10th) holds "duti" alone; every 10th holds both.
 */
function rows(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const id = from + i;
    const lexemes = id % 10 === 0 ? "'duti':1A 'seri':2A" : id % 13 === 0 ? "'duti':1A" : "'seri':1A";
    // Names far from the text: no typo match, so the total is the full text's alone.
    return { ...indexRowOfName(`Item ${id}`, id), search: `${lexemes} 'item':3A` };
  });
}

const holdsBoth = (ids: number[]) => ids.filter((id) => id % 10 === 0).length;

describe('a rare word beside one in most documents (decision 0070)', () => {
  it('keeps the documents holding both, before and after the long list grows', () => {
    const index = new SearchIndex();
    index.sellers = new Map([[1, { id: 1, name: 'QC Builders', approved: true }]]);
    index.apply(rows(1, 400));
    index.freeze();
    const match = parseKeyword('duty series', noSynonyms);
    if (!match) throw new Error('no match');
    const search = () =>
      runQuery(index, {
        text: compileText(
          match,
          new Map([
            ['duty', ['duti']],
            ['series', ['seri']],
          ]),
        ),
        inStock: true,
        sort: 'name_asc',
        offset: 0,
        pageSize: 1000,
      });
    const all = (last: number) => Array.from({ length: last }, (_, i) => i + 1);
    // "duti" is in 40 + 28 documents, "seri" in 372: the intersection reads "seri"'s bitset. Those holding "duti"
    // alone (every thirteenth but not tenth) must stay out.
    let answer = search();
    expect(answer.total).toBe(holdsBoth(all(400)));
    expect(answer.ids.every((id) => id % 10 === 0)).toBe(true);
    // The lists grow twice (a posting list becomes a growable copy, then grows in place): new bits each time.
    index.apply(rows(401, 40));
    answer = search();
    expect(answer.total).toBe(holdsBoth(all(440)));
    index.apply(rows(441, 40));
    answer = search();
    expect(answer.total).toBe(holdsBoth(all(480)));
    expect(answer.ids).toContain(480);
  });
});
