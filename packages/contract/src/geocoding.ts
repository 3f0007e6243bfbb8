import { z } from 'zod';

/** What a place is: PSGC levels, Manila's districts, and well-known areas that are not barangays (Cubao). */
export const placeKinds = ['region', 'province', 'city', 'municipality', 'district', 'barangay', 'locality'] as const;
export type PlaceKind = (typeof placeKinds)[number];

/** A place in the Philippines, as autocomplete lists it. */
export const place = z.object({
  /** "Barangay, City, Province", e.g. "Socorro, Quezon City, Metro Manila". */
  label: z.string(),
  kind: z.enum(placeKinds),
  latitude: z.number(),
  longitude: z.number(),
  barangay: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  region: z.string().nullable(),
  /** True when the coordinates stand for a larger area (the town's centre for a barangay without its own point). */
  approximate: z.boolean(),
});
export type Place = z.infer<typeof place>;

/** Autocomplete needs 2 characters; fewer give an empty list. */
export const placeQueryMinLength = 2;
export const placeQueryMaxLength = 100;
export const placeSuggestionLimit = 8;

export const autocompleteQuery = z.object({
  q: z.string().max(placeQueryMaxLength, `Please enter at most ${placeQueryMaxLength} characters.`).default(''),
});
export const autocompleteResponse = z.object({ items: z.array(place) });
export type AutocompleteResponse = z.infer<typeof autocompleteResponse>;

/** A latitude or longitude from a query string: a finite number within ±limit (an empty value is no number). */
const coordinate = (name: string, limit: number) => {
  const message = `Please enter a valid ${name}.`;
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number({ error: message }).refine((value) => Number.isFinite(value) && Math.abs(value) <= limit, message),
  );
};

export const reverseGeocodeQuery = z.object({
  lat: coordinate('latitude', 90),
  lng: coordinate('longitude', 180),
});

/** The address at a point; latitude and longitude are the point asked about. */
export const reverseGeocodeResponse = z.object({
  address: z.string(),
  barangay: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  region: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ReverseGeocodeResponse = z.infer<typeof reverseGeocodeResponse>;
