// A Nominatim-compatible geocoding API (self-hosted Nominatim, or a provider speaking the same API).
// Searches are limited to the Philippines; answers are cached for an hour to spare the service.
import type { Place, PlaceKind } from '@tibay/contract';
import { placeSuggestionLimit } from '@tibay/contract';
import { z } from 'zod';
import { type Geocoder, GeocoderUnavailableError } from './geocoder.ts';

export interface NominatimOptions {
  /** Base address of the API, e.g. https://nominatim.example.org (search and reverse live under it). */
  baseUrl: string;
  /** Nominatim's usage policy asks every application to name itself. */
  userAgent: string;
  timeoutMs: number;
  cacheSize?: number;
  cacheTtlMs?: number;
}

const address = z.record(z.string(), z.unknown()).optional();
const result = z.object({
  lat: z.union([z.string(), z.number()]),
  lon: z.union([z.string(), z.number()]),
  name: z.string().nullish(),
  display_name: z.string().nullish(),
  addresstype: z.string().nullish(),
  type: z.string().nullish(),
  address,
});
type NominatimResult = z.infer<typeof result>;
const searchAnswer = z.array(z.unknown());
const noAddress = z.object({ error: z.union([z.string(), z.record(z.string(), z.unknown())]) });

export class NominatimGeocoder implements Geocoder {
  private readonly base: URL;
  private readonly cache = new Map<string, { at: number; value: unknown }>();

  constructor(private readonly options: NominatimOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  }

  async autocomplete(query: string): Promise<Place[]> {
    const answer = await this.get('search', {
      format: 'jsonv2',
      countrycodes: 'ph',
      addressdetails: '1',
      limit: String(placeSuggestionLimit),
      q: query,
    });
    const list = searchAnswer.safeParse(answer);
    if (!list.success) throw new GeocoderUnavailableError('search answer is not a list');
    const places: Place[] = [];
    for (const item of list.data) {
      const parsed = result.safeParse(item);
      const place = parsed.success ? toPlace(parsed.data) : null;
      if (place) places.push(place);
    }
    return places.slice(0, placeSuggestionLimit);
  }

  async reverse(latitude: number, longitude: number): Promise<Place | null> {
    const answer = await this.get('reverse', {
      format: 'jsonv2',
      lat: String(latitude),
      lon: String(longitude),
      addressdetails: '1',
      zoom: '18',
    });
    const parsed = result.safeParse(answer);
    if (parsed.success) return toPlace(parsed.data);
    // Nominatim answers {"error": "Unable to geocode"} where it knows no address (the sea).
    if (noAddress.safeParse(answer).success) return null;
    throw new GeocoderUnavailableError('reverse answer has no coordinates');
  }

  private async get(endpoint: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(endpoint, this.base);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const key = url.toString();
    const cached = this.cache.get(key);
    const ttl = this.options.cacheTtlMs ?? 60 * 60 * 1000;
    if (cached && Date.now() - cached.at < ttl) return cached.value;

    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'user-agent': this.options.userAgent, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new GeocoderUnavailableError(`${endpoint} request failed`, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GeocoderUnavailableError(`${endpoint} answered HTTP ${response.status}`);
    }
    let value: unknown;
    try {
      value = await response.json();
    } catch (error) {
      throw new GeocoderUnavailableError(`${endpoint} answered something other than JSON`, { cause: error });
    }
    this.remember(key, value);
    return value;
  }

  private remember(key: string, value: unknown) {
    const size = this.options.cacheSize ?? 1000;
    if (size <= 0) return;
    this.cache.delete(key);
    this.cache.set(key, { at: Date.now(), value });
    while (this.cache.size > size) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}

const kinds: Record<string, PlaceKind> = {
  city: 'city',
  town: 'municipality',
  municipality: 'municipality',
  village: 'barangay',
  quarter: 'barangay',
  suburb: 'barangay',
  neighbourhood: 'barangay',
  hamlet: 'barangay',
  city_district: 'district',
  district: 'district',
  state: 'province',
  province: 'province',
  region: 'region',
};

/** Nominatim's answer in our words; null for places outside the Philippines or without coordinates. */
export function toPlace(item: NominatimResult): Place | null {
  const latitude = Number(item.lat);
  const longitude = Number(item.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const a = item.address ?? {};
  const text = (...keys: string[]) => {
    for (const key of keys) {
      const value = a[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    return null;
  };
  const country = text('country_code');
  if (country && country.toLowerCase() !== 'ph') return null;
  const barangay = text('quarter', 'village', 'suburb', 'neighbourhood', 'hamlet');
  const city = text('city', 'town', 'municipality');
  const province = text('province', 'state', 'county');
  const region = text('region');
  const name = item.name?.trim() || null;
  const parts = [name, barangay, city, province].filter(
    (part, i, all): part is string => !!part && all.indexOf(part) === i,
  );
  const label = parts.length ? parts.join(', ') : (item.display_name ?? '').replace(/, Philippines$/, '');
  if (!label) return null;
  return {
    label,
    kind: kinds[item.addresstype ?? item.type ?? ''] ?? 'locality',
    latitude,
    longitude,
    barangay,
    city,
    province,
    region,
    approximate: false,
  };
}
