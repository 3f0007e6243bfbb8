import { randomBytes } from 'node:crypto';
import { messages } from '@tibay/contract';
import sharp from 'sharp';
import { HttpError } from '../../http/http-error.ts';
import type { Storage } from '../../plugins/storage.ts';

/** The image formats a buyer may upload (proof of payment, purchase order), recognised by their first bytes. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const starts = (magic: number[]) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  return null;
}

/**
 * Checks an uploaded image by its magic bytes and re-encodes it to WebP (at most 2000 px on the long side,
 * metadata dropped), so what is stored is always a clean image whatever the upload claimed to be.
 */
export async function reencodeImage(bytes: Uint8Array, field: string): Promise<Buffer> {
  const invalid = () =>
    new HttpError('UNSUPPORTED_MEDIA_TYPE', messages.imageInvalid, { [field]: messages.imageInvalid });
  if (!imageKind(bytes)) throw invalid();
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalid();
  }
}

/** Stores a re-encoded checkout image under checkout/<customer>/ and returns its key and public URL. */
export async function storeCheckoutImage(storage: Storage, customerId: number, kind: string, webp: Buffer) {
  const key = `checkout/${customerId}/${kind}-${randomBytes(16).toString('hex')}.webp`;
  const url = await storage.put(key, webp, 'image/webp');
  return { key, url };
}
