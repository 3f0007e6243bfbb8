import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** Brand partners (home slider and partner strip). */
export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull(),
  link: text('link'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Blog article cards (home page and /Blogs). */
export const blogPosts = pgTable('blog_posts', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull(),
  imageUrl: text('image_url').notNull(),
  url: text('url').notNull(),
  publishedOn: text('published_on').notNull(),
  featured: boolean('featured').notNull().default(false),
});
