import { randomBytes } from 'node:crypto';
import {
  sellerCenterMessages as m,
  messages,
  productImageMaxBytes,
  productMaxImages,
  productMaxVideos,
  productVideoMaxBytes,
} from '@tibay/contract';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { productImages, productVideos } from '../../db/schema/index.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Storage } from '../../plugins/storage.ts';
import { ownedRoot } from './products.service.ts';

/**
 * Product photos and videos. Files are checked by their first bytes (never the name or declared type);
 * photos are re-encoded with sharp (dropping metadata and anything that is not pixels) to WebP.
 */

const starts = (bytes: Uint8Array, magic: number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((byte, i) => bytes[at + i] === byte);

export function productImageKind(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(bytes, [0x52, 0x49, 0x46, 0x46]) && starts(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export function videoKind(bytes: Uint8Array): 'mp4' | 'webm' | null {
  if (starts(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  // ISO base media: a box size, then 'ftyp'.
  if (starts(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return 'mp4';
  return null;
}

const MAX_SIDE = 1600;
const MAX_INPUT_PIXELS = 8000 * 8000;

export async function addImage(app: FastifyInstance, sellerId: number, productId: number, bytes: Buffer) {
  if (bytes.length > productImageMaxBytes) throw new HttpError('PAYLOAD_TOO_LARGE', messages.imageTooLarge);
  if (bytes.length === 0 || !productImageKind(bytes)) {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', m.imageInvalidProduct);
  }
  await ownedRoot(app.db, sellerId, productId);
  const [existing] = await app.db
    .select({ n: count(), last: max(productImages.sortOrder) })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  if ((existing?.n ?? 0) >= productMaxImages) {
    throw new HttpError('BUSINESS_RULE', m.tooManyImages.replace('{n}', String(productMaxImages)));
  }
  let encoded: Buffer;
  try {
    encoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', m.imageInvalidProduct);
  }
  const key = `products/${sellerId}/${productId}-${randomBytes(12).toString('hex')}.webp`;
  const url = await app.storage.put(key, encoded, 'image/webp');
  // A refusal inside the transaction (a concurrent upload took the last place) leaves no file behind.
  return insertImage(app, sellerId, productId, url).catch(async (error: unknown) => {
    await deleteStoredFiles(app.storage, [url]);
    throw error;
  });
}

async function insertImage(app: FastifyInstance, sellerId: number, productId: number, url: string) {
  return app.db.transaction(async (tx) => {
    await ownedRoot(tx, sellerId, productId, true);
    const [now] = await tx
      .select({ n: count(), last: max(productImages.sortOrder) })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    if ((now?.n ?? 0) >= productMaxImages) {
      throw new HttpError('BUSINESS_RULE', m.tooManyImages.replace('{n}', String(productMaxImages)));
    }
    const [row] = await tx
      .insert(productImages)
      .values({ productId, url, isThumbnail: (now?.n ?? 0) === 0, sortOrder: (now?.last ?? -1) + 1 })
      .returning();
    return { id: row!.id, url: row!.url, is_thumbnail: row!.isThumbnail, sort_order: row!.sortOrder };
  });
}

/** New order of the photos (every id once) and/or the thumbnail. */
export async function arrangeImages(
  app: FastifyInstance,
  sellerId: number,
  productId: number,
  input: { order?: number[]; thumbnail_id?: number },
) {
  await app.db.transaction(async (tx) => {
    await ownedRoot(tx, sellerId, productId, true);
    const rows = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    const ids = new Set(rows.map((r) => r.id));
    if (input.order) {
      const given = new Set(input.order);
      if (given.size !== ids.size || input.order.some((id) => !ids.has(id))) {
        throw new HttpError('VALIDATION', 'Send every image of the product once, in the new order.');
      }
      for (const [index, id] of input.order.entries()) {
        await tx.update(productImages).set({ sortOrder: index }).where(eq(productImages.id, id));
      }
    }
    if (input.thumbnail_id !== undefined) {
      if (!ids.has(input.thumbnail_id)) throw new HttpError('NOT_FOUND', m.imageNotFound);
      await tx.update(productImages).set({ isThumbnail: false }).where(eq(productImages.productId, productId));
      await tx.update(productImages).set({ isThumbnail: true }).where(eq(productImages.id, input.thumbnail_id));
    }
  });
}

export async function removeImage(app: FastifyInstance, sellerId: number, productId: number, imageId: number) {
  const url = await app.db.transaction(async (tx) => {
    await ownedRoot(tx, sellerId, productId, true);
    const [gone] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning();
    if (!gone) throw new HttpError('NOT_FOUND', m.imageNotFound);
    if (gone.isThumbnail) {
      const [first] = await tx
        .select({ id: productImages.id })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.sortOrder), asc(productImages.id))
        .limit(1);
      if (first) await tx.update(productImages).set({ isThumbnail: true }).where(eq(productImages.id, first.id));
    }
    return gone.url;
  });
  await deleteStoredFiles(app.storage, [url]);
}

async function assertVideoRoom(app: FastifyInstance, productId: number) {
  const [row] = await app.db.select({ n: count() }).from(productVideos).where(eq(productVideos.productId, productId));
  if ((row?.n ?? 0) >= productMaxVideos) {
    throw new HttpError('BUSINESS_RULE', m.tooManyVideos.replace('{n}', String(productMaxVideos)));
  }
}

export async function addVideoUrl(app: FastifyInstance, sellerId: number, productId: number, url: string) {
  await ownedRoot(app.db, sellerId, productId);
  await assertVideoRoom(app, productId);
  const [row] = await app.db.insert(productVideos).values({ productId, url }).returning();
  return { id: row!.id, url: row!.url };
}

export async function addVideoFile(app: FastifyInstance, sellerId: number, productId: number, bytes: Buffer) {
  if (bytes.length > productVideoMaxBytes) throw new HttpError('PAYLOAD_TOO_LARGE', m.videoTooLarge);
  const kind = bytes.length > 0 ? videoKind(bytes) : null;
  if (!kind) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', m.videoInvalid);
  await ownedRoot(app.db, sellerId, productId);
  await assertVideoRoom(app, productId);
  const key = `products/${sellerId}/${productId}-${randomBytes(12).toString('hex')}.${kind}`;
  const url = await app.storage.put(key, bytes, kind === 'mp4' ? 'video/mp4' : 'video/webm');
  const [row] = await app.db.insert(productVideos).values({ productId, url }).returning();
  return { id: row!.id, url: row!.url };
}

export async function removeVideo(app: FastifyInstance, sellerId: number, productId: number, videoId: number) {
  await ownedRoot(app.db, sellerId, productId);
  const [gone] = await app.db
    .delete(productVideos)
    .where(and(eq(productVideos.id, videoId), eq(productVideos.productId, productId)))
    .returning();
  if (!gone) throw new HttpError('NOT_FOUND', messages.notFound);
  await deleteStoredFiles(app.storage, [gone.url]);
}

/** Deletes files this module stored (never seed files or outside links); failures are ignored. */
export async function deleteStoredFiles(storage: Storage, urls: string[]) {
  for (const url of urls) {
    if (!url.startsWith('/uploads/products/')) continue;
    await storage.delete(url.slice('/uploads/'.length)).catch(() => undefined);
  }
}
