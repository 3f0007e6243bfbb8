// The offline Philippine gazetteer: every region, province, city, municipality, Manila district and barangay
// of the PSGC with coordinates (see build-data.ts), searchable by name and by position.
// Built once per process at first use from ph-gazetteer.tsv.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Place, PlaceKind } from '@tibay/contract';
import { finished } from '../sliced-work.ts';
import { canonicalName, indexWords, nameForms } from './normalise.ts';
import { type IndexSource, SearchIndex } from './search-index.ts';

const dataFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ph-gazetteer.tsv');

/** Rough box around the Philippines; anything outside is abroad without looking further. */
const box = { south: 4.2, north: 21.5, west: 116.0, east: 127.0 };
/** How far the nearest town centre may be before a point counts as nowhere (open sea, or abroad). */
export const reverseMaxKm = 40;
/** How close a barangay's own point must be to name the barangay in a reverse answer. */
const barangayMaxKm = 2.5;

/** Cities first, then provinces and regions, then districts and well-known areas; barangays last. */
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

/**
 * The gazetteer of a text, built on first use, or a slice per turn of the event loop by warm() (at start-up: built
 * at once it held the loop for 250-500 ms just as the process began to serve, decision 0069); a first use during
 * warm() finishes the build at once.
 */
export class GazetteerLoader {
  private loaded: Gazetteer | null = null;
  private building: Generator<void, Gazetteer> | null = null;

  constructor(private readonly read: () => string) {}

  get(): Gazetteer {
    if (!this.loaded) {
      const steps = this.building ?? buildingGazetteer(this.read());
      this.building = null;
      this.loaded = finished(steps);
    }
    return this.loaded;
  }

  async warm(): Promise<void> {
    if (!this.loaded) this.building ??= buildingGazetteer(this.read());
    for (;;) {
      // get() may have finished it between two slices (and dropped `building`).
      if (this.loaded || !this.building) return;
      const step = this.building.next();
      if (step.done) {
        this.loaded = step.value;
        this.building = null;
        return;
      }
      await yieldToOthers();
    }
  }
}

const loader = new GazetteerLoader(() => readFileSync(dataFile, 'utf8'));

/** The gazetteer, kept for the life of the process. */
export function gazetteer(): Gazetteer {
  return loader.get();
}

/** Builds the process's gazetteer in slices (GazetteerLoader.warm). */
export function warmGazetteer(): Promise<void> {
  return loader.warm();
}

/** A region, province, town, district or locality: few enough to keep as whole places. */
interface Major {
  place: Place;
  rank: number;
  population: number;
  own: string;
  parentWords: string[];
  variants: string[];
}

interface Town {
  major: Major;
  /** Words of "Town, City, Province" and region: what its barangays are also found by. */
  labelWords: string[];
  /** Its barangays: [from, to) in the barangay list. */
  barangays: [number, number];
}

export function buildGazetteer(text: string): Gazetteer {
  return finished(buildingGazetteer(text));
}

/** Lines of the file parsed, and barangay names folded, between two yields of buildingGazetteer. */
const sliceBounds = { lines: 400, barangays: 4_000 };

/** buildGazetteer in slices: a generator that yields between slices of the parse and of the index's input. */
function* buildingGazetteer(text: string): Generator<void, Gazetteer> {
  const regions = new Map<string, Major>();
  const provinces = new Map<string, Major>();
  const towns = new Map<string, Town>();
  const majors: Major[] = [];
  // Barangays, kept as columns: 42,000 small objects would make loading slow.
  const barangayName: string[] = [];
  const barangayTown: Town[] = [];
  const barangayLat: number[] = [];
  const barangayLon: number[] = [];

  const place = (kind: PlaceKind, label: string, fields: Partial<Place>): Place => ({
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
  const addMajor = (p: Place, own: string, parentWords: string[], population = 0, variants: string[] = []) => {
    const major: Major = { place: p, rank: kindRank[p.kind], population, own, parentWords, variants };
    majors.push(major);
    return major;
  };

  let lineCount = 0;
  for (const line of text.split('\n')) {
    if (++lineCount % sliceBounds.lines === 0) yield;
    if (!line || line.startsWith('#')) continue;
    const f = line.split('\t');
    switch (f[0]) {
      case 'R': {
        const [, code = '', display = '', aliases = ''] = f;
        const aliasList = aliases ? aliases.split('|') : [];
        const p = place('region', display, { region: display, approximate: true });
        regions.set(code, addMajor(p, display, aliasList.flatMap(indexWords), 0, aliasList));
        break;
      }
      case 'P': {
        const [, code = '', name = '', regionCode = ''] = f;
        const region = regions.get(regionCode)?.place.region ?? null;
        const p = place('province', `${name}, ${region}`, { province: name, region, approximate: true });
        provinces.set(code, addMajor(p, name, indexWords(region ?? '')));
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
        const city = parent ? parent.major.place.city : name;
        // A town named like its province keeps both: "Bulacan, Bulacan".
        const label = (parent ? [name, city, province] : [name, province]).filter(Boolean).join(', ');
        const p = place(kind === 'submunicipality' ? 'district' : kind === 'city' ? 'city' : 'municipality', label, {
          latitude: Number(f[8]),
          longitude: Number(f[9]),
          city,
          province,
          region,
          approximate: f[10] === '1',
        });
        // The region's words find towns ("cebu central visayas") but stay out of the label.
        const parentWords = [
          ...new Set([city, province, region].flatMap((part) => (part === name ? [] : indexWords(part ?? '')))),
        ];
        const major = addMajor(p, name, parentWords, Number(f[11]), cityVariants(name));
        towns.set(code, { major, labelWords: [...new Set([...indexWords(name), ...parentWords])], barangays: [0, 0] });
        break;
      }
      case 'B': {
        const [, townCode = '', list = ''] = f;
        const town = towns.get(townCode);
        if (!town) throw new Error(`Gazetteer: barangays of an unknown town ${townCode}`);
        const first = barangayName.length;
        for (const item of list.split('|')) {
          const at = item.indexOf('@');
          if (at < 0) {
            barangayName.push(item);
            barangayLat.push(Number.NaN);
            barangayLon.push(Number.NaN);
          } else {
            const comma = item.indexOf(',', at);
            barangayName.push(item.slice(0, at));
            barangayLat.push(Number(item.slice(at + 1, comma)));
            barangayLon.push(Number(item.slice(comma + 1)));
          }
          barangayTown.push(town);
        }
        town.barangays = [first, barangayName.length];
        break;
      }
      case 'L': {
        const [, townCode = '', name = '', lat = '', lon = ''] = f;
        const town = towns.get(townCode);
        if (!town) throw new Error(`Gazetteer: a locality in an unknown town ${townCode}`);
        const { place: tp } = town.major;
        const p = place('locality', `${name}, ${tp.label}`, {
          latitude: Number(lat),
          longitude: Number(lon),
          city: tp.city,
          province: tp.province,
          region: tp.region,
        });
        addMajor(p, name, town.labelWords);
        break;
      }
      default:
        throw new Error(`Gazetteer: unknown line ${line.slice(0, 40)}`);
    }
  }

  // Provinces and regions stand at the middle of their towns.
  const townPoints = [...towns.values()].map((t) => t.major.place).filter((p) => !p.approximate);
  const middle = (p: Place, inside: (town: Place) => boolean) => {
    const list = townPoints.filter(inside);
    if (list.length === 0) return;
    p.latitude = round(list.reduce((sum, t) => sum + t.latitude, 0) / list.length);
    p.longitude = round(list.reduce((sum, t) => sum + t.longitude, 0) / list.length);
  };
  for (const { place: p } of provinces.values()) middle(p, (t) => t.province === p.province);
  for (const { place: p } of regions.values()) middle(p, (t) => t.region === p.region);

  // Number the places in ranking order: whole places (cities first, bigger first), then barangays.
  const order = new Map(majors.map((m, i) => [m, i]));
  majors.sort((a, b) => a.rank - b.rank || b.population - a.population || order.get(a)! - order.get(b)!);
  const base = majors.length;
  const size = base + barangayName.length;

  // Barangay names repeat (Poblacion, San Isidro...): fold each distinct name once, post its words once.
  const forms = new Map<string, { text: string; canonical: string; group: { words: string[]; ids: number[] } }>();
  const source: IndexSource = {
    size,
    ownText: new Array<string>(size),
    parentText: new Array<string>(size),
    ownGroups: [],
    parentGroups: [],
    names: new Map(),
  };
  const nameIt = (name: string, id: number) => {
    const ids = source.names.get(name);
    if (ids) ids.push(id);
    else source.names.set(name, [id]);
  };
  const own = (name: string, id: number) => {
    let found = forms.get(name);
    if (!found) {
      const { index, canonical } = nameForms(name);
      found = { text: ` ${index.join(' ')} `, canonical, group: { words: index, ids: [] } };
      forms.set(name, found);
      source.ownGroups.push(found.group);
    }
    found.group.ids.push(id);
    source.ownText[id] = found.text;
    nameIt(found.canonical, id);
    return found.canonical;
  };
  majors.forEach((major, id) => {
    const canonical = own(major.own, id);
    source.parentText[id] = ` ${major.parentWords.join(' ')} `;
    source.parentGroups.push({ words: major.parentWords, from: id, to: id + 1 });
    for (const variant of major.variants) {
      const name = canonicalName(variant);
      if (name !== canonical) nameIt(name, id);
    }
  });
  for (const town of towns.values()) {
    const [from, to] = town.barangays;
    if (from === to) continue;
    const text = ` ${town.labelWords.join(' ')} `;
    for (let b = from; b < to; b++) source.parentText[base + b] = text;
    source.parentGroups.push({ words: town.labelWords, from: base + from, to: base + to });
  }
  yield;
  for (let b = 0; b < barangayName.length; b++) {
    own(barangayName[b] as string, base + b);
    if (b % sliceBounds.barangays === sliceBounds.barangays - 1) yield;
  }
  yield;
  const index = new SearchIndex(source);

  const barangayPlace = (b: number): Place => {
    const tp = barangayTown[b]!.major.place;
    const lat = barangayLat[b]!;
    const name = barangayName[b]!;
    return place('barangay', `${name}, ${tp.label}`, {
      latitude: Number.isNaN(lat) ? tp.latitude : lat,
      longitude: Number.isNaN(lat) ? tp.longitude : barangayLon[b]!,
      barangay: name,
      city: tp.city,
      province: tp.province,
      region: tp.region,
      approximate: Number.isNaN(lat),
    });
  };
  const placeOf = (id: number): Place => (id < base ? { ...majors[id]!.place } : barangayPlace(id - base));
  const barangaysWithPoints = barangayName.map((_, b) => b).filter((b) => !Number.isNaN(barangayLat[b]!));

  return {
    size,
    search: (query, limit = 8) => index.search(query, limit).map(placeOf),
    nearest(latitude, longitude) {
      if (latitude < box.south || latitude > box.north || longitude < box.west || longitude > box.east) return null;
      const cosLat = Math.cos((latitude * Math.PI) / 180);
      const km = (lat: number, lon: number) => {
        const dLat = lat - latitude;
        const dLon = (lon - longitude) * cosLat;
        return Math.sqrt(dLat * dLat + dLon * dLon) * 111.195;
      };
      // Equirectangular distances: exact enough over tens of kilometres, and cheap.
      let town: Place | null = null;
      let townKm = Number.POSITIVE_INFINITY;
      for (const p of townPoints) {
        const d = km(p.latitude, p.longitude);
        if (d < townKm) [town, townKm] = [p, d];
      }
      if (!town || townKm > reverseMaxKm) return null;
      let barangay = -1;
      let barangayKm = barangayMaxKm;
      for (const b of barangaysWithPoints) {
        const d = km(barangayLat[b]!, barangayLon[b]!);
        if (d <= barangayKm) [barangay, barangayKm] = [b, d];
      }
      return barangay >= 0 ? barangayPlace(barangay) : { ...town };
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
