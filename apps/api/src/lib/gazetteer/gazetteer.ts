// The offline Philippine gazetteer: every region, province, city, municipality, Manila district and barangay
// of the PSGC with coordinates (see build-data.ts), searchable by name and by position.
// Built once per process at first use from ph-gazetteer.tsv.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Place, PlaceKind } from '@tibay/contract';
import { canonicalName, indexWords } from './normalise.ts';
import { type Entry, SearchIndex } from './search-index.ts';

const dataFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ph-gazetteer.tsv');

/** Rough box around the Philippines; anything outside is abroad without looking further. */
const box = { south: 4.2, north: 21.5, west: 116.0, east: 127.0 };
/** How far the nearest town centre may be before a point counts as nowhere (open sea, or abroad). */
export const reverseMaxKm = 40;
/** How close a barangay's own point must be to name the barangay in a reverse answer. */
const barangayMaxKm = 2.5;

/** Cities first, then provinces and regions, then districts and well-known areas, then barangays. */
const kindRank: Record<PlaceKind, number> = {
  city: 0,
  municipality: 0,
  province: 1,
  region: 2,
  district: 3,
  locality: 3,
  barangay: 4,
};

export interface Gazetteer {
  /** Places whose names match what was typed, best first. */
  search(query: string, limit?: number): Place[];
  /** The barangay (when its point is close) or else the town nearest to a point; null at sea or abroad. */
  nearest(latitude: number, longitude: number): Place | null;
  size: number;
}

let loaded: Gazetteer | null = null;

/** The gazetteer, built on first use and kept for the life of the process. */
export function gazetteer(): Gazetteer {
  loaded ??= buildGazetteer(readFileSync(dataFile, 'utf8'));
  return loaded;
}

interface Town {
  entry: Entry;
  code: string;
  /** Words of "City, Province" (and region for towns), shared by the town's barangays. */
  labelWords: string[];
}

export function buildGazetteer(text: string): Gazetteer {
  const regions = new Map<string, Entry>();
  const provinces = new Map<string, Entry>();
  const towns = new Map<string, Town>();
  const entries: Entry[] = [];
  const townPoints: Entry[] = [];
  const barangayPoints: Entry[] = [];

  const add = (place: Place, own: string, parentWords: string[], population = 0, variants: string[] = []) => {
    const entry: Entry = {
      place,
      rank: kindRank[place.kind],
      population,
      own: indexWords(own),
      parents: parentWords,
      names: [...new Set([own, ...variants].map(canonicalName))],
    };
    entries.push(entry);
    return entry;
  };
  const placeOf = (kind: PlaceKind, label: string, fields: Partial<Place>): Place => ({
    label,
    kind,
    latitude: 0,
    longitude: 0,
    barangay: null,
    city: null,
    province: null,
    region: null,
    approximate: false,
    ...fields,
  });

  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const f = line.split('\t');
    switch (f[0]) {
      case 'R': {
        const [, code = '', display = '', aliases = ''] = f;
        const aliasList = aliases ? aliases.split('|') : [];
        const place = placeOf('region', display, { region: display, approximate: true });
        regions.set(code, add(place, display, aliasList.flatMap(indexWords), 0, aliasList));
        break;
      }
      case 'P': {
        const [, code = '', name = '', regionCode = ''] = f;
        const region = regions.get(regionCode)?.place.region ?? null;
        const place = placeOf('province', `${name}, ${region}`, { province: name, region, approximate: true });
        provinces.set(code, add(place, name, indexWords(region ?? '')));
        break;
      }
      case 'C': {
        const [
          ,
          code = '',
          name = '',
          kind = '',
          provinceCode = '',
          provinceLabel = '',
          regionCode = '',
          parentCode = '',
        ] = f;
        const province = provinceLabel || provinces.get(provinceCode)?.place.province || null;
        const region = regions.get(regionCode)?.place.region ?? null;
        const parent = parentCode ? towns.get(parentCode) : undefined;
        const city = parent ? parent.entry.place.city : name;
        // A town named like its province keeps both: "Bulacan, Bulacan".
        const label = (parent ? [name, city, province] : [name, province]).filter(Boolean).join(', ');
        const place = placeOf(
          kind === 'submunicipality' ? 'district' : kind === 'city' ? 'city' : 'municipality',
          label,
          {
            latitude: Number(f[8]),
            longitude: Number(f[9]),
            city,
            province,
            region,
            approximate: f[10] === '1',
          },
        );
        // The region's words find towns ("cebu central visayas") but stay out of the label.
        const parentWords = [
          ...new Set([city, province, region].flatMap((part) => (part === name ? [] : indexWords(part ?? '')))),
        ];
        const entry = add(place, name, parentWords, Number(f[11]), cityVariants(name));
        towns.set(code, { entry, code, labelWords: [...new Set([...entry.own, ...parentWords])] });
        if (!place.approximate) townPoints.push(entry);
        break;
      }
      case 'B': {
        const [, townCode = '', list = ''] = f;
        const town = towns.get(townCode);
        if (!town) throw new Error(`Gazetteer: barangays of an unknown town ${townCode}`);
        const { place: townPlace } = town.entry;
        for (const item of list.split('|')) {
          const at = item.indexOf('@');
          const name = at < 0 ? item : item.slice(0, at);
          const point =
            at < 0
              ? null
              : item
                  .slice(at + 1)
                  .split(',')
                  .map(Number);
          const place = placeOf('barangay', `${name}, ${townPlace.label}`, {
            latitude: point?.[0] ?? townPlace.latitude,
            longitude: point?.[1] ?? townPlace.longitude,
            barangay: name,
            city: townPlace.city,
            province: townPlace.province,
            region: townPlace.region,
            approximate: !point,
          });
          const entry = add(place, name, town.labelWords);
          if (point) barangayPoints.push(entry);
        }
        break;
      }
      case 'L': {
        const [, townCode = '', name = '', lat = '', lon = ''] = f;
        const town = towns.get(townCode);
        if (!town) throw new Error(`Gazetteer: a locality in an unknown town ${townCode}`);
        const { place: townPlace } = town.entry;
        const place = placeOf('locality', `${name}, ${townPlace.label}`, {
          latitude: Number(lat),
          longitude: Number(lon),
          city: townPlace.city,
          province: townPlace.province,
          region: townPlace.region,
        });
        add(place, name, town.labelWords);
        break;
      }
      default:
        throw new Error(`Gazetteer: unknown line ${line.slice(0, 40)}`);
    }
  }

  // Provinces and regions stand at the middle of their towns.
  const middle = (list: Entry[], place: Place) => {
    if (list.length === 0) return;
    place.latitude = round(list.reduce((sum, t) => sum + t.place.latitude, 0) / list.length);
    place.longitude = round(list.reduce((sum, t) => sum + t.place.longitude, 0) / list.length);
  };
  const townsByProvince = new Map<string, Entry[]>();
  const townsByRegion = new Map<string, Entry[]>();
  for (const town of townPoints) {
    for (const [map, key] of [
      [townsByProvince, town.place.province],
      [townsByRegion, town.place.region],
    ] as const) {
      const list = map.get(key ?? '') ?? [];
      list.push(town);
      map.set(key ?? '', list);
    }
  }
  for (const province of provinces.values())
    middle(townsByProvince.get(province.place.province ?? '') ?? [], province.place);
  for (const region of regions.values()) middle(townsByRegion.get(region.place.region ?? '') ?? [], region.place);

  const index = new SearchIndex(entries);
  return {
    size: entries.length,
    search: (query, limit = 8) => index.search(query, limit),
    nearest(latitude, longitude) {
      if (latitude < box.south || latitude > box.north || longitude < box.west || longitude > box.east) return null;
      const town = closest(townPoints, latitude, longitude);
      if (!town || town.km > reverseMaxKm) return null;
      const barangay = closest(barangayPoints, latitude, longitude);
      if (barangay && barangay.km <= barangayMaxKm) return barangay.entry.place;
      return town.entry.place;
    },
  };
}

/** "Quezon City" is also typed "quezon"; "City of X" as "x". */
function cityVariants(name: string): string[] {
  if (/ City$/.test(name)) return [name.replace(/ City$/, '')];
  if (/^City of /.test(name)) return [name.replace(/^City of /, '')];
  return [];
}

function round(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

function closest(list: Entry[], latitude: number, longitude: number) {
  let found: Entry | null = null;
  let best = Number.POSITIVE_INFINITY;
  const cosLat = Math.cos((latitude * Math.PI) / 180);
  for (const entry of list) {
    // Equirectangular distance: exact enough over tens of kilometres, and cheap.
    const dLat = entry.place.latitude - latitude;
    const dLon = (entry.place.longitude - longitude) * cosLat;
    const squared = dLat * dLat + dLon * dLon;
    if (squared < best) {
      best = squared;
      found = entry;
    }
  }
  return found ? { entry: found, km: Math.sqrt(best) * 111.195 } : null;
}
