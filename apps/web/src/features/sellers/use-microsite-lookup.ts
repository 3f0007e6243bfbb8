import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api.ts';
import { forgetMicrosite, rememberMicrosite } from '../../lib/microsite-storage.ts';
import { toast } from '../../lib/toast.ts';
import { fetchMicrosite, sellersKeys } from './api.ts';

/**
 * Looks a microsite handle up (spec 1 §1–§3): found, it becomes the active microsite; not found (404), a stored
 * handle equal to it is cleared; any other failure shows the server's message as a toast (spec 1 "Microsite
 * lookup failure shows the server message").
 */
export function useMicrositeLookup(handle: string, enabled = true) {
  const lookup = useQuery({
    queryKey: sellersKeys.microsite(handle),
    queryFn: ({ signal }) => fetchMicrosite(handle, signal),
    enabled: enabled && handle.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const notFound = lookup.error instanceof ApiError && (lookup.error.status === 404 || lookup.error.status === 400);
  const failed = lookup.isError && !notFound;

  useEffect(() => {
    if (lookup.data) rememberMicrosite(lookup.data);
  }, [lookup.data]);
  useEffect(() => {
    if (notFound) forgetMicrosite(handle);
  }, [notFound, handle]);
  useEffect(() => {
    if (failed) toast(lookup.error.message, 'error');
  }, [failed, lookup.error]);

  return { data: lookup.data, notFound, failed };
}
