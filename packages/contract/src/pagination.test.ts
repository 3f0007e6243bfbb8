import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf, pageQuery, pagesToShow } from './pagination.ts';

describe('pagesToShow (first, last, current ±1, ellipses)', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 3, [1, 2, 3]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 'ellipsis', 10]],
    [2, 10, [1, 2, 3, 'ellipsis', 10]],
    [3, 10, [1, 2, 3, 4, 'ellipsis', 10]],
    [4, 10, [1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]],
    [5, 10, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]],
    [8, 10, [1, 'ellipsis', 7, 8, 9, 10]],
    [9, 10, [1, 'ellipsis', 8, 9, 10]],
    [10, 10, [1, 'ellipsis', 9, 10]],
  ])('page %i of %i', (current, total, expected) => {
    expect(pagesToShow(current, total)).toEqual(expected);
  });

  it('always shows first, last and current, and nothing outside 1..total', () => {
    const wrong: string[] = [];
    for (let total = 1; total <= 12; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = pagesToShow(current, total).filter((p): p is number => p !== 'ellipsis');
        if (Math.min(...pages) !== 1 || Math.max(...pages) !== total || !pages.includes(current)) {
          wrong.push(`${current}/${total}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('pageQuery and pageOf', () => {
  it('coerces and defaults page and page size', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(pageQuery.parse({ page: '3', pageSize: '15' })).toEqual({ page: 3, pageSize: 15 });
    expect(pageQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuery.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('describes a list response', () => {
    const schema = pageOf(z.object({ id: z.number() }));
    const page = { items: [{ id: 1 }], page: 1, pageSize: 20, totalPages: 1, totalCount: 1 };
    expect(schema.parse(page)).toEqual(page);
    expect(schema.safeParse({ items: [] }).success).toBe(false);
  });
});
