import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint.ts';
import * as siteEndpoints from '../../lib/endpoints/site.ts';

export const devMailKeys = {
  outbox: ['dev-outbox'] as const,
};

/** GET /dev/outbox: the developer outbox (404 when it is turned off). */
export function useOutbox() {
  return useQuery({
    queryKey: devMailKeys.outbox,
    queryFn: () => call(siteEndpoints.devOutbox),
    retry: false,
    refetchOnWindowFocus: true,
  });
}
