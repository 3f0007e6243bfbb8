import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGazetteerData, dataFile, distanceKm } from '../../lib/gazetteer/build-data.ts';
import { gazetteer } from '../../lib/gazetteer/gazetteer.ts';
import { SandboxGeocoder } from './sandbox-geocoder.ts';

const labels = (query: string) =>
  gazetteer()
    .search(query, 8)
    .map((p) => p.label);

describe('the gazetteer file', () => {
  it('is what build-data.ts makes from the installed PSGC and GeoNames packages, with ≥ 90% of towns placed', () => {
    const { text, stats } = buildGazetteerData();
    expect(text).toBe(readFileSync(dataFile, 'utf8'));
    expect(stats.cities).toBe(1656);
    expect(stats.barangays).toBe(42011);
    const placed = stats.matchedByName + stats.matchedByCode + stats.matchedByHand;
    expect(placed / stats.cities).toBeGreaterThanOrEqual(0.9);
    expect(stats.approximate).toBe(stats.cities - placed);
  });

  it('holds every PSGC level', () => {
    const all = gazetteer();
    expect(all.size).toBe(18 + 82 + 1656 + 42011 + 8);
    expect(all.search('central visayas', 1)[0]).toMatchObject({ kind: 'region', label: 'Central Visayas' });
    expect(all.search('ncr', 1)[0]).toMatchObject({ kind: 'region', label: 'Metro Manila' });
  });

  it('places towns where they are (within a few km of their centre)', () => {
    const near = (query: string, lat: number, lon: number) => {
      const place = gazetteer().search(query, 1)[0]!;
      expect(place.approximate).toBe(false);
      return distanceKm({ lat: place.latitude, lon: place.longitude }, { lat, lon });
    };
    expect(near('quezon city', 14.676, 121.044)).toBeLessThan(6);
    expect(near('cebu city', 10.3157, 123.8854)).toBeLessThan(3);
    expect(near('davao city', 7.0731, 125.6128)).toBeLessThan(3);
    expect(near('makati', 14.5547, 121.0244)).toBeLessThan(3);
    expect(near('baguio', 16.4023, 120.596)).toBeLessThan(3);
  });
});

describe('autocomplete', () => {
  it('finds cities by name, with or without "City"', () => {
    expect(labels('quezon city')[0]).toBe('Quezon City, Metro Manila');
    expect(labels('makati')[0]).toBe('Makati City, Metro Manila');
    expect(labels('cebu city')[0]).toBe('Cebu City, Cebu');
    expect(labels('Davao')[0]).toBe('Davao City, Davao del Sur');
    expect(labels('davao city')[0]).toBe('Davao City, Davao del Sur');
  });

  it('ranks the city before provinces and barangays of the same name, and lists each once', () => {
    const davao = gazetteer().search('davao', 8);
    expect(davao.map((p) => p.kind).slice(0, 6)).toEqual([
      'city',
      'province',
      'province',
      'province',
      'province',
      'province',
    ]);
    expect(new Set(davao.map((p) => p.label)).size).toBe(davao.length);
    const cebu = gazetteer().search('cebu', 8);
    expect(cebu[0]).toMatchObject({ kind: 'city', label: 'Cebu City, Cebu' });
    expect(cebu[1]).toMatchObject({ kind: 'province', label: 'Cebu, Central Visayas' });
    expect(cebu.slice(2).every((p) => p.kind === 'barangay')).toBe(true);
  });

  it('matches words of the place and of its city ("cubao quezon")', () => {
    expect(labels('cubao')[0]).toBe('Cubao, Quezon City, Metro Manila');
    expect(labels('cubao quezon')).toEqual(['Cubao, Quezon City, Metro Manila']);
    expect(labels('socorro quezon city')).toEqual(['Socorro, Quezon City, Metro Manila']);
    expect(labels('bel air makati')).toEqual(['Bel-Air, Makati City, Metro Manila']);
  });

  it('ignores hyphens, accents and abbreviations', () => {
    expect(labels('lapu lapu')[0]).toBe('Lapu-Lapu City, Cebu');
    expect(labels('Lapu-Lapu')[0]).toBe('Lapu-Lapu City, Cebu');
    expect(labels('biñan')[0]).toBe('Biñan City, Laguna');
    expect(labels('binan')[0]).toBe('Biñan City, Laguna');
    expect(labels('BIÑAN CITY')[0]).toBe('Biñan City, Laguna');
    expect(labels('las pinas')[0]).toBe('Las Piñas City, Metro Manila');
    expect(labels('santo tomas batangas')[0]).toBe('Sto. Tomas City, Batangas');
    expect(labels('gen santos')[0]).toBe('General Santos City, South Cotabato');
  });

  it('finds provinces, with their towns after them', () => {
    const pampanga = gazetteer().search('pampanga', 8);
    expect(pampanga[0]).toMatchObject({ kind: 'province', label: 'Pampanga, Central Luzon', province: 'Pampanga' });
    expect(pampanga.filter((p) => p.kind === 'city').map((p) => p.label)).toContain('Angeles City, Pampanga');
    expect(labels('nueva ecija')[0]).toBe('Nueva Ecija, Central Luzon');
  });

  it('prefers whole names and name starts, then cities, for short queries', () => {
    const sa = gazetteer().search('sa', 8);
    expect(sa).toHaveLength(8);
    expect(sa.every((p) => p.kind === 'city' || p.kind === 'municipality')).toBe(true);
    expect(sa.every((p) => p.label.toLowerCase().startsWith('sa'))).toBe(true);
  });

  it('gives barangays their city and province, and Manila districts their city', () => {
    const [bel] = gazetteer().search('bel air makati', 1);
    expect(bel).toMatchObject({ kind: 'barangay', barangay: 'Bel-Air', city: 'Makati City', province: 'Metro Manila' });
    const [binondo] = gazetteer().search('binondo manila', 1);
    expect(binondo).toMatchObject({
      kind: 'district',
      label: 'Binondo, Manila City, Metro Manila',
      city: 'Manila City',
    });
  });

  it('returns nothing for text that matches no place', () => {
    expect(labels('zzqx')).toEqual([]);
    expect(labels('cubao cebu')).toEqual([]);
    expect(labels('  -- ')).toEqual([]);
  });

  it('answers each query in well under 5 ms', () => {
    const queries = ['quezon city', 'cubao quezon', 'makati', 'cebu', 'davao', 'lapu lapu', 'biñan', 'sa', 'san', 'ba'];
    gazetteer();
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const query of queries) {
        const started = performance.now();
        gazetteer().search(query, 8);
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(5);
  });
});

describe('reverse geocoding', () => {
  const sandbox = new SandboxGeocoder();

  it('names the city or municipality at a point', async () => {
    expect(await sandbox.reverse(14.676, 121.044)).toMatchObject({ city: 'Quezon City', province: 'Metro Manila' });
    expect(await sandbox.reverse(10.3157, 123.8854)).toMatchObject({ city: 'Cebu City', province: 'Cebu' });
    expect(await sandbox.reverse(7.0731, 125.6128)).toMatchObject({
      city: 'Davao City',
      province: 'Davao del Sur',
      region: 'Davao Region',
    });
    expect(await sandbox.reverse(16.4023, 120.596)).toMatchObject({ city: 'Baguio City', province: 'Benguet' });
  });

  it('names the barangay when the point is close to its own centre', async () => {
    // Apas, Cebu City has its own point in GeoNames (10.34076, 123.90261).
    expect(await sandbox.reverse(10.3412, 123.9031)).toMatchObject({
      kind: 'barangay',
      label: 'Apas, Cebu City, Cebu',
      barangay: 'Apas',
      city: 'Cebu City',
      approximate: false,
    });
  });

  it('finds nothing in the open sea or abroad', async () => {
    expect(await sandbox.reverse(14.5, 118.5)).toBeNull(); // West Philippine Sea
    expect(await sandbox.reverse(13.0, 126.6)).toBeNull(); // Philippine Sea, east of Samar
    expect(await sandbox.reverse(8.3, 120.3)).toBeNull(); // Sulu Sea
    expect(await sandbox.reverse(35.6812, 139.7671)).toBeNull(); // Tokyo
    expect(await sandbox.reverse(5.9804, 116.0735)).toBeNull(); // Kota Kinabalu
    expect(await sandbox.reverse(-14.676, -121.044)).toBeNull();
  });
});
