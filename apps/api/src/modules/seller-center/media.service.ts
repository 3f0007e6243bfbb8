import { randomBytes } from 'node:crypto';
import {
  sellerCenterMessages as m,
  messages,
  productImageMaxBytes,
  productMaxImages,
  productMaxVideos,
  productVideoMaxBytes,
} from '@tibay/contract';
import sharp from 'sharp';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import * as repository from './media.repository.ts';
import { ownedProduct } from './products.service.ts';

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

type MediaDeps = Pick<Deps, 'db' | 'storage'>;

const tooManyImages = () => new HttpError('BUSINESS_RULE', m.tooManyImages.replace('{n}', String(productMaxImages)));

export async function addImage(deps: MediaDeps, sellerId: number, productId: number, bytes: Buffer) {
  if (bytes.length > productImageMaxBytes) throw new HttpError('PAYLOAD_TOO_LARGE', messages.imageTooLarge);
  if (bytes.length === 0 || !productImageKind(bytes)) {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', m.imageInvalidProduct);
  }
  await ownedProduct(deps.db, sellerId, productId);
  if ((await repository.imageCount(deps.db, productId)).n >= productMaxImages) throw tooManyImages();
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
  const url = await deps.storage.put(key, encoded, 'image/webp');
  // A refusal inside the transaction (a concurrent upload took the last place) leaves no file behind.
  return insertImage(deps, sellerId, productId, url).catch(async (error: unknown) => {
    await deleteStoredFiles(deps.storage, [url]);
    throw error;
  });
}

async function insertImage(deps: Pick<Deps, 'db'>, sellerId: number, productId: number, url: string) {
  return deps.db.transaction(async (tx) => {
    await ownedProduct(tx, sellerId, productId, true);
    const now = await repository.imageCount(tx, productId);
    if (now.n >= productMaxImages) throw tooManyImages();
    const row = await repository.insertImage(tx, {
      productId,
      url,
      isThumbnail: now.n === 0,
      sortOrder: now.last + 1,
    });
    return { id: row.id, url: row.url, is_thumbnail: row.isThumbnail, sort_order: row.sortOrder };
  });
}

/** New order of the photos (every id once) and/or the thumbnail. */
export async function arrangeImages(
  deps: Pick<Deps, 'db'>,
  sellerId: number,
  productId: number,
  input: { order?: number[]; thumbnail_id?: number },
) {
  await deps.db.transaction(async (tx) => {
    await ownedProduct(tx, sellerId, productId, true);
    const ids = new Set((await repository.imagesOf(tx, productId)).map((image) => image.id));
    if (input.order) {
      const given = new Set(input.order);
      if (given.size !== ids.size || input.order.some((id) => !ids.has(id))) {
        throw new HttpError('VALIDATION', 'Send every image of the product once, in the new order.');
      }
      for (const [index, id] of input.order.entries()) {
        await repository.setImagePlace(tx, id, index);
      }
    }
    if (input.thumbnail_id !== undefined) {
      if (!ids.has(input.thumbnail_id)) throw new HttpError('NOT_FOUND', m.imageNotFound);
      await repository.setThumbnail(tx, productId, input.thumbnail_id);
    }
  });
}

/** Removes a photo; when it was the thumbnail, the first photo left becomes the thumbnail. */
export async function removeImage(deps: MediaDeps, sellerId: number, productId: number, imageId: number) {
  const url = await deps.db.transaction(async (tx) => {
    await ownedProduct(tx, sellerId, productId, true);
    const gone = await repository.deleteImage(tx, productId, imageId);
    if (!gone) throw new HttpError('NOT_FOUND', m.imageNotFound);
    if (gone.isThumbnail) {
      const [first] = await repository.imagesOf(tx, productId);
      if (first) await repository.markThumbnail(tx, first.id);
    }
    return gone.url;
  });
  await deleteStoredFiles(deps.storage, [url]);
}

async function assertVideoRoom(deps: Pick<Deps, 'db'>, productId: number) {
  if ((await repository.videoCount(deps.db, productId)) >= productMaxVideos) {
    throw new HttpError('BUSINESS_RULE', m.tooManyVideos.replace('{n}', String(productMaxVideos)));
  }
}

export async function addVideoUrl(deps: Pick<Deps, 'db'>, sellerId: number, productId: number, url: string) {
  await ownedProduct(deps.db, sellerId, productId);
  await assertVideoRoom(deps, productId);
  const row = await repository.insertVideo(deps.db, productId, url);
  return { id: row.id, url: row.url };
}

export async function addVideoFile(deps: MediaDeps, sellerId: number, productId: number, bytes: Buffer) {
  if (bytes.length > productVideoMaxBytes) throw new HttpError('PAYLOAD_TOO_LARGE', m.videoTooLarge);
  const kind = bytes.length > 0 ? videoKind(bytes) : null;
  if (!kind) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', m.videoInvalid);
  await ownedProduct(deps.db, sellerId, productId);
  await assertVideoRoom(deps, productId);
  const key = `products/${sellerId}/${productId}-${randomBytes(12).toString('hex')}.${kind}`;
  const url = await deps.storage.put(key, bytes, kind === 'mp4' ? 'video/mp4' : 'video/webm');
  const row = await repository.insertVideo(deps.db, productId, url);
  return { id: row.id, url: row.url };
}

export async function removeVideo(deps: MediaDeps, sellerId: number, productId: number, videoId: number) {
  await ownedProduct(deps.db, sellerId, productId);
  const gone = await repository.deleteVideo(deps.db, productId, videoId);
  if (!gone) throw new HttpError('NOT_FOUND', messages.notFound);
  await deleteStoredFiles(deps.storage, [gone.url]);
}

/** Deletes files this module stored (never seed files or outside links); failures are ignored. */
export async function deleteStoredFiles(storage: Deps['storage'], urls: string[]) {
  for (const url of urls) {
    if (!url.startsWith('/uploads/products/')) continue;
    await storage.delete(url.slice('/uploads/'.length)).catch(() => undefined);
  }
}
