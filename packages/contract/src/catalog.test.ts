import { describe, expect, it } from 'vitest';
import { catalogLimits } from './catalog.ts';
import { searchQuery } from './catalog-listings.ts';
import { sellerListQuery, shopQuery } from './catalog-sellers.ts';
import { messages } from './messages.ts';

describe('searchQuery', () => {
  it('applies the spec defaults', () => {
    expect(searchQuery.parse({})).toEqual({
      availability: 'inStock',
      deliveryOption: 'all',
      location: 'all',
      page: 1,
      pageSize: catalogLimits.searchPageSize,
    });
  });

  it('reads prices as whole centavos and treats an empty field as absent', () => {
    expect(searchQuery.parse({ priceMin: '100', priceMax: '' })).toMatchObject({ priceMin: 100 });
    expect(searchQuery.parse({ priceMax: '' }).priceMax).toBeUndefined();
    for (const value of ['abc', '-1', '1.5']) {
      expect(searchQuery.safeParse({ priceMin: value }).error?.issues[0]?.message).toBe(messages.onlyNumbers);
    }
    expect(searchQuery.safeParse({ priceMin: '500', priceMax: '100' }).error?.issues[0]?.message).toBe(
      messages.priceRangeInvalid,
    );
  });

  it('drops blank text and limits page sizes', () => {
    expect(searchQuery.parse({ q: '   ' }).q).toBeUndefined();
    expect(searchQuery.safeParse({ pageSize: String(catalogLimits.maxPageSize + 1) }).success).toBe(false);
  });
});

describe('list defaults', () => {
  it('uses the spec page sizes', () => {
    expect(sellerListQuery.parse({}).pageSize).toBe(12);
    expect(shopQuery.parse({}).pageSize).toBe(15);
    expect(shopQuery.safeParse({ sort: 'cheapest' }).success).toBe(false);
  });
});
