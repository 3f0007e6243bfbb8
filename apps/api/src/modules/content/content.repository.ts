import { asc, desc } from 'drizzle-orm';
import { blogPosts, categories, partners } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

/** The content's SQL: categories, brand partners and blog article cards, in the order shown. */

export async function categoryRows(db: Conn) {
  return db
    .select({ id: categories.id, name: categories.name, photo: categories.photoUrl, banner: categories.bannerUrl })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function partnerRows(db: Conn) {
  return db
    .select({ id: partners.id, name: partners.name, logoUrl: partners.logoUrl, link: partners.link })
    .from(partners)
    .orderBy(asc(partners.sortOrder), asc(partners.id));
}

/** Featured articles first, then the newest. */
export async function blogRows(db: Conn) {
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
