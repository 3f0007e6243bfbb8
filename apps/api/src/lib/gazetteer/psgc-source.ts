// Reads the Philippine Standard Geographic Code (PSGC) from @aivangogh/ph-address: regions, provinces,
// cities and municipalities (with Manila's sub-municipalities) and barangays. Used by the gazetteer build only.
import {
  getAllProvinces,
  getAllRegions,
  getBarangaysByMunicipality,
  getMunicipalitiesByProvince,
} from '@aivangogh/ph-address';

export interface PsgcRegion {
  code: string;
  /** What people call it: "Central Visayas", "Metro Manila", "Cordillera Administrative Region". */
  display: string;
  /** Other names that find it: "Region VII", "NCR", "CAR". */
  aliases: string[];
}

export interface PsgcProvince {
  code: string;
  name: string;
  regionCode: string;
}

export type CityKind = 'city' | 'municipality' | 'submunicipality';

export interface PsgcCity {
  code: string;
  name: string;
  kind: CityKind;
  /** The province it lies in (for independent cities, the one around them); null in Metro Manila. */
  provinceCode: string | null;
  /** Label used in the province slot when there is no province ("Metro Manila", "Special Geographic Area"). */
  provinceLabel: string | null;
  regionCode: string;
  /** For Manila's districts (sub-municipalities): the city they belong to. */
  parentCode: string | null;
  barangays: string[];
}

export interface Psgc {
  regions: PsgcRegion[];
  provinces: PsgcProvince[];
  cities: PsgcCity[];
}

/**
 * Independent cities and other places whose PSGC parent is not a province: the province they lie in,
 * by name (or a label for the province slot when there is none).
 */
const parentsOutsideProvinces: Record<string, { province?: string; label?: string }> = {
  '1430300000': { province: 'Benguet' }, // Baguio
  '1731500000': { province: 'Palawan' }, // Puerto Princesa
  '1830200000': { province: 'Negros Occidental' }, // Bacolod
  '0330100000': { province: 'Pampanga' }, // Angeles
  '0331400000': { province: 'Zambales' }, // Olongapo
  '0431200000': { province: 'Quezon' }, // Lucena
  '0931700000': { province: 'Zamboanga del Sur' }, // Zamboanga City
  '0990100000': { province: 'Basilan' }, // Isabela City
  '0631000000': { province: 'Iloilo' }, // Iloilo City
  '0730600000': { province: 'Cebu' }, // Cebu City
  '0731100000': { province: 'Cebu' }, // Lapu-Lapu
  '0731300000': { province: 'Cebu' }, // Mandaue
  '0831600000': { province: 'Leyte' }, // Tacloban
  '1030500000': { province: 'Misamis Oriental' }, // Cagayan de Oro
  '1030900000': { province: 'Lanao del Norte' }, // Iligan
  '1130700000': { province: 'Davao del Sur' }, // Davao City
  '1230800000': { province: 'South Cotabato' }, // General Santos
  '1630400000': { province: 'Agusan del Norte' }, // Butuan
  '1999900000': { label: 'Special Geographic Area' }, // BARMM towns inside Cotabato province
  '1300000000': { label: 'Metro Manila' }, // NCR cities
};

const manilaCode = '1380600000';

export function readPsgc(): Psgc {
  const regions = getAllRegions().map((region) => regionOf(region.psgcCode, region.name, region.designation));
  const provinces = getAllProvinces().map((p) => ({ code: p.psgcCode, name: p.name, regionCode: p.regionCode }));
  const provinceByName = new Map(provinces.map((p) => [p.name, p]));
  const provinceCodes = new Set(provinces.map((p) => p.code));

  // Cities hang under provinces, under their region (NCR), under their own code (independent cities),
  // or under Manila (its districts). Walk every code that can be a parent.
  const parents = new Set<string>();
  for (const region of regions) {
    const rr = region.code.slice(0, 2);
    for (let p = 0; p < 1000; p++) parents.add(`${rr}${String(p).padStart(3, '0')}00000`);
  }
  const cities: PsgcCity[] = [];
  for (const parent of [...parents].sort()) {
    for (const m of getMunicipalitiesByProvince(parent)) {
      const regionCode = `${m.psgcCode.slice(0, 2)}00000000`;
      let provinceCode: string | null = null;
      let provinceLabel: string | null = null;
      let parentCode: string | null = null;
      if (provinceCodes.has(m.provinceCode)) {
        provinceCode = m.provinceCode;
      } else if (m.provinceCode === manilaCode && m.psgcCode !== manilaCode) {
        parentCode = manilaCode;
        provinceLabel = 'Metro Manila';
      } else {
        const known = parentsOutsideProvinces[m.provinceCode];
        if (!known) throw new Error(`PSGC: ${m.name} (${m.psgcCode}) has an unknown parent ${m.provinceCode}`);
        if (known.province) {
          const province = provinceByName.get(known.province);
          if (!province) throw new Error(`PSGC: no province named ${known.province}`);
          provinceCode = province.code;
        }
        provinceLabel = known.label ?? null;
      }
      const kind: CityKind = parentCode ? 'submunicipality' : /\bCity$/.test(m.name) ? 'city' : 'municipality';
      const barangays = getBarangaysByMunicipality(m.psgcCode).map((b) => b.name);
      cities.push({
        code: m.psgcCode,
        name: m.name,
        kind,
        provinceCode,
        provinceLabel,
        regionCode,
        parentCode,
        barangays,
      });
    }
  }
  cities.sort((a, b) => a.code.localeCompare(b.code));
  return { regions, provinces, cities };
}

function regionOf(code: string, name: string, designation: string): PsgcRegion {
  if (designation === 'NCR') return { code, display: 'Metro Manila', aliases: [name, 'NCR'] };
  const tidy = (text: string) => text.replace(/ In /g, ' in ');
  // "Region VII" / "Central Visayas": people say the designation; CAR, BARMM, NIR have it the other way round.
  if (/^Region [IVX]+(-[AB])?$/.test(name) && designation) return { code, display: designation, aliases: [name] };
  return { code, display: tidy(name), aliases: designation ? [designation] : [] };
}
