import type { BlogItem, Category, PartnerItem } from '@tibay/contract';
import type { Deps } from '../../deps.ts';
import { blogRows, categoryRows, partnerRows } from './content.repository.ts';

/** Public, read-only content for the page frame and the home page. */

export async function listCategories({ db }: Pick<Deps, 'db'>): Promise<Category[]> {
  const rows = await categoryRows(db);
  return rows.map((row) => ({ category_id: row.id, product_category: row.name, photo: row.photo, banner: row.banner }));
}

export async function listPartners({ db }: Pick<Deps, 'db'>): Promise<PartnerItem[]> {
  return partnerRows(db);
}

/** Featured articles first, then the newest. */
export async function listBlogs({ db }: Pick<Deps, 'db'>): Promise<BlogItem[]> {
  return blogRows(db);
}
