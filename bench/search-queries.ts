/**
 * The query sets of the search benchmarks (issue 21, decision 0043), drawn from the seeded catalogue at
 * BENCH_DATABASE_URL with a seeded random generator: searches (single words, two-word phrases, brands, typos, a quarter
 * with filters), header suggestions, category listings and shop pages. search-load.ts sends them;
 * search-index-timings.ts and suggestion-timings.ts time them in process.
 */
import pg from 'pg';

export const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tibay_search_100k';

/** A small seeded random generator, so the query set is the same from run to run. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const random = rng(21);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

export interface Catalogue {
  products: Array<{ name: string; brand: string | null; price: number; category_id: number; seller_id: number }>;
  categories: Array<{ id: number; count: number }>;
  shops: Array<{ url_handle: string; count: number }>;
}

export async function readCatalogue(): Promise<Catalogue> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // An order by a hash of the id, not random() after setseed: random() follows the scan's order, which changes
    // with the table's layout (a vacuum, a parallel scan), and every run drew other products, so other queries.
    const products = await client.query(
      `select name, brand, effective_price::float8 as price, category_id, seller_id from products
       where depth = 0 and is_active order by md5(id::text) limit 4000`,
    );
    const categories = await client.query(
      `select category_id as id, count(*)::int as count from products where depth = 0 and is_active
       group by 1 order by 1`,
    );
    const shops = await client.query(
      `select s.url_handle, count(*)::int as count from products p join seller_companies s on s.id = p.seller_id
       where p.depth = 0 and p.is_active and s.status = 'approved' group by 1 order by 1`,
    );
    return { products: products.rows, categories: categories.rows, shops: shops.rows };
  } finally {
    await client.end();
  }
}

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** A typo: one letter dropped, or two neighbours swapped. */
function typo(word: string): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  if (random() < 0.5) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
}

/** >= `count` distinct search paths drawn from the catalogue, in random order. */
export function searchPaths(catalogue: Catalogue, count: number): string[] {
  const paths = new Set<string>();
  const q = (text: string, extra = '') => `/api/v1/search?q=${encodeURIComponent(text)}${extra}`;
  for (let guard = 0; paths.size < count && guard < count * 20; guard++) {
    const product = pick(catalogue.products);
    const words = wordsOf(product.name).filter((word) => word.length >= 3 && !/^\d+$/.test(word));
    if (words.length === 0) continue;
    const kind = random();
    let text: string;
    if (kind < 0.35) text = pick(words);
    else if (kind < 0.6 && words.length >= 2) {
      const i = Math.floor(random() * (words.length - 1));
      text = `${words[i]} ${words[i + 1]}`;
    } else if (kind < 0.7 && product.brand) text = product.brand;
    else {
      const long = words.filter((word) => word.length >= 5);
      if (long.length === 0) continue;
      text = typo(pick(long));
    }
    const filter = random();
    let extra = '';
    if (filter < 0.06) {
      const low = Math.max(0, Math.round(product.price * 0.5));
      extra = `&priceMin=${low}&priceMax=${Math.round(product.price * 1.5)}`;
    } else if (filter < 0.12) extra = `&category=${product.category_id}`;
    else if (filter < 0.16) extra = `&seller=${product.seller_id}`;
    else if (filter < 0.2) extra = '&availability=inStock&sort=price_asc';
    else if (filter < 0.24) extra = '&location=near&lat=14.58&lng=121.06';
    paths.add(q(text, extra));
  }
  return shuffle([...paths]);
}

export function suggestionPaths(catalogue: Catalogue, count: number): string[] {
  const paths = new Set<string>();
  for (let guard = 0; paths.size < count && guard < count * 20; guard++) {
    const words = wordsOf(pick(catalogue.products).name).filter((word) => word.length >= 3);
    if (words.length === 0) continue;
    const word = pick(words);
    paths.add(
      `/api/v1/search/suggestions?q=${encodeURIComponent(word.slice(0, 2 + Math.floor(random() * (word.length - 1))))}`,
    );
  }
  return shuffle([...paths]);
}

export function listingPaths(catalogue: Catalogue, count: number): { categories: string[]; shops: string[] } {
  const categories: string[] = [];
  const shops: string[] = [];
  const sorts = ['', '&sort=price_asc', '&sort=price_desc'];
  for (let i = 0; i < count; i++) {
    const category = pick(catalogue.categories);
    const page = 1 + Math.floor(random() * Math.min(5, Math.ceil(category.count / 20)));
    categories.push(`/api/v1/categories/${category.id}/products?page=${page}${pick(sorts)}`);
    const shop = pick(catalogue.shops);
    const shopPage = 1 + Math.floor(random() * Math.min(5, Math.ceil(shop.count / 20)));
    shops.push(`/api/v1/sellers/${shop.url_handle}/shop?page=${shopPage}`);
  }
  return { categories, shops };
}
