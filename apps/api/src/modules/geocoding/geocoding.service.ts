import { messages, type Place, placeQueryMinLength } from '@tibay/contract';
import type { Config } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Geocoder } from './geocoder.ts';
import { NominatimGeocoder } from './nominatim-geocoder.ts';
import { SandboxGeocoder } from './sandbox-geocoder.ts';

/** The geocoder the configuration names: the offline sandbox by default. */
export function createGeocoder(config: Config): Geocoder {
  if (config.GEOCODER === 'nominatim' && config.NOMINATIM_URL) {
    return new NominatimGeocoder({
      baseUrl: config.NOMINATIM_URL,
      userAgent: `Tibay/1.0 (+${config.publicUrl})`,
      timeoutMs: config.NOMINATIM_TIMEOUT_MS,
    });
  }
  return new SandboxGeocoder();
}

/** What geocoding uses: the log, and the geocoder the module was built with (its own, not an app decoration). */
export type GeocodingDeps = Pick<Deps, 'log'> & { geocoder: Geocoder };

/** Suggestions for what was typed; fewer than 2 characters give none. */
export async function autocomplete(deps: GeocodingDeps, query: string): Promise<Place[]> {
  const typed = query.trim();
  if (typed.length < placeQueryMinLength) return [];
  return call(deps, () => deps.geocoder.autocomplete(typed));
}

/** The address at a point, or 404 "No address found for the given coordinates." */
export async function reverse(deps: GeocodingDeps, latitude: number, longitude: number): Promise<Place> {
  const place = await call(deps, () => deps.geocoder.reverse(latitude, longitude));
  if (!place) throw new HttpError('NOT_FOUND', messages.noAddressFound);
  return place;
}

/** Any failure of the geocoder becomes 502 "Error fetching geocoding data." (the cause goes to the log). */
async function call<T>(deps: GeocodingDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    deps.log.error({ err: error }, 'geocoding failed');
    throw new HttpError('UPSTREAM_UNAVAILABLE', messages.geocodingError);
  }
}
