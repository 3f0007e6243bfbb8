import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchSynonym, SearchSynonymInput, SearchSynonymList } from '@tibay/contract';
import { adminApi } from './admin-api.ts';

/** The search synonym rules administrators edit (GET/POST/PUT/DELETE /admin/search-synonyms). */
const synonymsKey = ['admin', 'search-synonyms'] as const;

export function useSearchSynonyms() {
  return useQuery({
    queryKey: synonymsKey,
    queryFn: () => adminApi<SearchSynonymList>('/admin/search-synonyms'),
  });
}

/** Adds a rule (no id) or changes one. */
export function useSaveSearchSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: number | null; rule: SearchSynonymInput }) =>
      adminApi<SearchSynonym>(id === null ? '/admin/search-synonyms' : `/admin/search-synonyms/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: rule,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: synonymsKey }),
  });
}

export function useDeleteSearchSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi<void>(`/admin/search-synonyms/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: synonymsKey }),
  });
}
