import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Search synonyms (administrators edit them in admin-v2): searching `term` also searches each of `synonyms`.
 * Both are stored as search words joined by one space, lower-case ("hollow block"). Seeded with a maintained
 * list of the trade's words (migration search_synonyms_list). Read by the search synonym cache
 * (plugins/search-synonyms.ts).
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    term: text('term').notNull(),
    synonyms: text('synonyms').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('search_synonyms_term_unique').on(sql`lower(${t.term})`)],
);
