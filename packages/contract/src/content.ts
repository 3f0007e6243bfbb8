import { z } from 'zod';
import { category } from './catalog.ts';

/** GET /categories: every category (category_id, product_category, photo, banner) in grid order. */
export const categoriesResponse = z.object({ items: z.array(category) });
export type CategoriesResponse = z.infer<typeof categoriesResponse>;

/** GET /content/partners: brand partners for the home slider and partner strip. */
export const partnerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  logoUrl: z.string(),
  link: z.string().nullable(),
});
export type PartnerItem = z.infer<typeof partnerItem>;
export const partnersResponse = z.object({ items: z.array(partnerItem) });
export type PartnersResponse = z.infer<typeof partnersResponse>;

/** GET /content/blogs: article cards, featured first. publishedOn is an ISO date (YYYY-MM-DD). */
export const blogItem = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  imageUrl: z.string(),
  url: z.string(),
  publishedOn: z.string(),
  featured: z.boolean(),
});
export type BlogItem = z.infer<typeof blogItem>;
export const blogsResponse = z.object({ items: z.array(blogItem) });
export type BlogsResponse = z.infer<typeof blogsResponse>;

/** Longest search text the suggestion box sends. */
export const SUGGESTION_MAX_LENGTH = 100;
/** Most products and most sellers one suggestion answer holds. */
export const SUGGESTION_LIMIT = 6;

/** GET /search/suggestions?q=: the header's search box (debounced 300 ms). An empty q gives empty lists. */
export const suggestionsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(SUGGESTION_MAX_LENGTH, `Search text must be at most ${SUGGESTION_MAX_LENGTH} characters.`)
    .default(''),
});
export const suggestionsResponse = z.object({
  products: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  sellers: z.array(z.object({ id: z.number().int(), name: z.string(), url_handle: z.string() })),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;
