import { type Place, placeSuggestionLimit } from '@tibay/contract';
import { type Gazetteer, gazetteer } from '../../lib/gazetteer/gazetteer.ts';
import type { Geocoder } from './geocoder.ts';

/** Works offline from the PSGC gazetteer; the default, so the marketplace runs with no keys. */
export class SandboxGeocoder implements Geocoder {
  constructor(private readonly places: () => Gazetteer = gazetteer) {}

  async autocomplete(query: string): Promise<Place[]> {
    return this.places().search(query, placeSuggestionLimit);
  }

  async reverse(latitude: number, longitude: number): Promise<Place | null> {
    return this.places().nearest(latitude, longitude);
  }
}
