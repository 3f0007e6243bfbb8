/**
 * The answer of a paged list: `{ items, page, pageSize, totalPages, totalCount }`, with at least one page (an empty
 * list is page 1 of 1).
 */
export function pageOf<T>(items: T[], query: { page: number; pageSize: number }, totalCount: number) {
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.max(1, Math.ceil(totalCount / query.pageSize)),
    totalCount,
  };
}
