import { and, asc, count, eq, max } from 'drizzle-orm';
import { productImages, productVideos } from '../../db/schema/index.ts';
import type { Conn } from '../../db/sql.ts';

/** A product's photos and videos (product_images, product_videos). */

export type ImageRow = typeof productImages.$inferSelect;
export type VideoRow = typeof productVideos.$inferSelect;

/** The product's photos in their order. */
export async function imagesOf(db: Conn, productId: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
}

/** How many photos the product has, and the last place taken. */
export async function imageCount(db: Conn, productId: number) {
  const [row] = await db
    .select({ n: count(), last: max(productImages.sortOrder) })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  return { n: row?.n ?? 0, last: row?.last ?? -1 };
}

export async function insertImage(db: Conn, values: typeof productImages.$inferInsert): Promise<ImageRow> {
  const [row] = await db.insert(productImages).values(values).returning();
  return row!;
}

export async function setImagePlace(db: Conn, imageId: number, sortOrder: number): Promise<void> {
  await db.update(productImages).set({ sortOrder }).where(eq(productImages.id, imageId));
}

/** Makes this photo the product's one thumbnail. */
export async function setThumbnail(db: Conn, productId: number, imageId: number): Promise<void> {
  await db.update(productImages).set({ isThumbnail: false }).where(eq(productImages.productId, productId));
  await markThumbnail(db, imageId);
}

/** Marks a photo as a thumbnail (when the product has none). */
export async function markThumbnail(db: Conn, imageId: number): Promise<void> {
  await db.update(productImages).set({ isThumbnail: true }).where(eq(productImages.id, imageId));
}

/** Deletes the product's photo; what it was, or undefined when the product has no such photo. */
export async function deleteImage(db: Conn, productId: number, imageId: number): Promise<ImageRow | undefined> {
  const [gone] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning();
  return gone;
}

/** The product's videos in the order they were added. */
export async function videosOf(db: Conn, productId: number): Promise<VideoRow[]> {
  return db.select().from(productVideos).where(eq(productVideos.productId, productId)).orderBy(asc(productVideos.id));
}

export async function videoCount(db: Conn, productId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productVideos).where(eq(productVideos.productId, productId));
  return row?.n ?? 0;
}

export async function insertVideo(db: Conn, productId: number, url: string): Promise<VideoRow> {
  const [row] = await db.insert(productVideos).values({ productId, url }).returning();
  return row!;
}

/** Deletes the product's video; what it was, or undefined when the product has no such video. */
export async function deleteVideo(db: Conn, productId: number, videoId: number): Promise<VideoRow | undefined> {
  const [gone] = await db
    .delete(productVideos)
    .where(and(eq(productVideos.id, videoId), eq(productVideos.productId, productId)))
    .returning();
  return gone;
}
