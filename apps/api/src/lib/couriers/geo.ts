const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle (haversine) distance in kilometres between two points. */
export function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Kilometres rounded to one decimal, as shown and as fees are computed from. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}
