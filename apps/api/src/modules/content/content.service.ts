import type { BlogItem, Category, PartnerItem } from '@tibay/contract';
import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blogPosts, categories, partners } from '../../db/schema/index.ts';

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, photo: categories.photoUrl, banner: categories.bannerUrl })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map((row) => ({ category_id: row.id, product_category: row.name, photo: row.photo, banner: row.banner }));
}

export async function listPartners(db: Db): Promise<PartnerItem[]> {
  return db
    .select({ id: partners.id, name: partners.name, logoUrl: partners.logoUrl, link: partners.link })
    .from(partners)
    .orderBy(asc(partners.sortOrder), asc(partners.id));
}

/** Featured articles first, then the newest. */
export async function listBlogs(db: Db): Promise<BlogItem[]> {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      imageUrl: blogPosts.imageUrl,
      url: blogPosts.url,
      publishedOn: blogPosts.publishedOn,
      featured: blogPosts.featured,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.featured), desc(blogPosts.publishedOn), asc(blogPosts.id));
}
