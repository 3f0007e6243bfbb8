// The PSGC as a tree for cascading dropdowns: island group -> area (province, or Metro Manila) -> city or
// municipality -> barangay. Read once per process from the gazetteer's data file (ph-gazetteer.tsv).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type IslandGroupName = 'LUZON' | 'VISAYAS' | 'MINDANAO';

const dataFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ph-gazetteer.tsv');

/** The island group of a region, by the region's PSGC code (its first two digits). */
const groupOfRegion: Record<string, IslandGroupName> = {
  '01': 'LUZON',
  '02': 'LUZON',
  '03': 'LUZON',
  '04': 'LUZON',
  '05': 'LUZON',
  '13': 'LUZON',
  '14': 'LUZON',
  '17': 'LUZON',
  '06': 'VISAYAS',
  '07': 'VISAYAS',
  '08': 'VISAYAS',
  '18': 'VISAYAS',
  '09': 'MINDANAO',
  '10': 'MINDANAO',
  '11': 'MINDANAO',
  '12': 'MINDANAO',
  '16': 'MINDANAO',
  '19': 'MINDANAO',
};

export interface PsgcPlaces {
  /** The areas of an island group, by name. */
  areas(group: IslandGroupName): string[];
  /** The cities and municipalities of an area, by name (Manila's districts as "Tondo I/II, Manila"). */
  cities(group: IslandGroupName, area: string): string[];
  /** The barangays of a city. */
  barangays(group: IslandGroupName, area: string, city: string): string[];
}

type Tree = Map<IslandGroupName, Map<string, Map<string, string[]>>>;

export function buildPsgcPlaces(text: string): PsgcPlaces {
  const provinces = new Map<string, string>();
  const townNames = new Map<string, string>();
  const townArea = new Map<string, { group: IslandGroupName; area: string; city: string }>();
  const tree: Tree = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const f = line.split('\t');
    if (f[0] === 'P') provinces.set(f[1] ?? '', f[2] ?? '');
    if (f[0] === 'C') {
      const [, code = '', name = '', , provinceCode = '', provinceLabel = '', regionCode = '', parentCode = ''] = f;
      townNames.set(code, name);
      const group = groupOfRegion[regionCode.slice(0, 2)];
      const area = provinceLabel || provinces.get(provinceCode);
      if (!group || !area) continue;
      const parent = parentCode ? townNames.get(parentCode) : undefined;
      townArea.set(code, { group, area, city: parent ? `${name}, ${parent}` : name });
    }
    if (f[0] === 'B') {
      const town = townArea.get(f[1] ?? '');
      if (!town) continue;
      const barangays = (f[2] ?? '').split('|').map((item) => item.split('@')[0] ?? '');
      const areas = tree.get(town.group) ?? new Map<string, Map<string, string[]>>();
      tree.set(town.group, areas);
      const cities = areas.get(town.area) ?? new Map<string, string[]>();
      areas.set(town.area, cities);
      cities.set(town.city, [...new Set(barangays.filter(Boolean))].sort(byName));
    }
  }
  const areasOf = (group: IslandGroupName) => tree.get(group);
  return {
    areas: (group) => [...(areasOf(group)?.keys() ?? [])].sort(byName),
    cities: (group, area) => [...(areasOf(group)?.get(area)?.keys() ?? [])].sort(byName),
    barangays: (group, area, city) => areasOf(group)?.get(area)?.get(city) ?? [],
  };
}

function byName(a: string, b: string) {
  return a.localeCompare(b, 'en');
}

let loaded: PsgcPlaces | null = null;

/** The PSGC tree, built on first use and kept for the life of the process. */
export function psgcPlaces(): PsgcPlaces {
  loaded ??= buildPsgcPlaces(readFileSync(dataFile, 'utf8'));
  return loaded;
}
