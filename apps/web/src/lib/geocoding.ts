import { useQuery } from '@tanstack/react-query';
import { messages, type ReverseGeocodeResponse } from '@tibay/contract';
import { ApiError } from './api.ts';
import { call } from './endpoint.ts';
import * as geocodingEndpoints from './endpoints/geocoding.ts';

export const geocodingKeys = {
  autocomplete: (q: string) => ['geocoding', 'autocomplete', q] as const,
};

/** GET /geocoding/autocomplete?q= : places in the Philippines (2 characters at least). */
export function usePlaceSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: geocodingKeys.autocomplete(q),
    queryFn: ({ signal }) => call(geocodingEndpoints.autocomplete, { query: { q }, signal, token: null }),
    enabled: q.length >= 2,
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /geocoding/reverse: the address at a point. Throws an Error with the spec's words:
 * "No address found for the given coordinates." (404) or "Error fetching geocoding data." (anything else).
 */
export async function reverseGeocode(lat: number, lng: number): Promise<ReverseGeocodeResponse> {
  try {
    return await call(geocodingEndpoints.reverse, { query: { lat, lng }, token: null });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Error(messages.noAddressFound);
    throw new Error(messages.geocodingError);
  }
}
