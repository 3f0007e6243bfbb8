import type { Place } from '@tibay/contract';

/** A geocoding service: the offline gazetteer (sandbox) or a Nominatim-compatible HTTP API. */
export interface Geocoder {
  /** Places in the Philippines matching what was typed, best first (at most 8). */
  autocomplete(query: string): Promise<Place[]>;
  /** The address at a point, or null when there is none (open sea, abroad). */
  reverse(latitude: number, longitude: number): Promise<Place | null>;
}

/** The service could not answer (down, timed out, answered nonsense): shown as "Error fetching geocoding data." */
export class GeocoderUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Geocoder unavailable: ${reason}`, options);
    this.name = 'GeocoderUnavailableError';
  }
}
