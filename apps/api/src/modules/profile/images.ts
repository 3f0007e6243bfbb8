import { randomBytes } from 'node:crypto';
import { messages, profileImageMaxBytes } from '@tibay/contract';
import sharp from 'sharp';
import { HttpError } from '../../http/http-error.ts';
import type { Storage } from '../../plugins/storage.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** What the bytes are, by their first bytes (never by the name or the declared type): PNG, JPEG or neither. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const starts = (magic: number[]) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
  if (starts(PNG)) return 'png';
  if (starts(JPEG)) return 'jpeg';
  return null;
}

/** Largest side kept: the webcam capture is 1280x720; a signature pad is smaller. */
const MAX_SIDE = 1280;
/** Refuse decompression bombs: more pixels than this are not a webcam frame or a signature. */
const MAX_INPUT_PIXELS = 4096 * 4096;

/** An uploaded image that passed the checks, re-encoded and ready to store. */
export interface PreparedImage {
  bytes: Buffer;
  as: 'jpeg' | 'png';
}

/**
 * Checks an uploaded image (PNG or JPEG by magic bytes, within the size limit) and re-encodes it with sharp (which
 * drops metadata and anything that is not pixels). Stores nothing: a save checks every image before it stores any.
 * `as` picks the stored format: the face photo as JPEG, the signature as PNG (it keeps its transparency).
 */
export async function prepareProfileImage(bytes: Buffer, as: 'jpeg' | 'png'): Promise<PreparedImage> {
  if (bytes.length > profileImageMaxBytes) throw new HttpError('PAYLOAD_TOO_LARGE', messages.imageTooLarge);
  if (bytes.length === 0 || !imageKind(bytes)) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', messages.imageInvalid);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      as === 'png' ? await image.png({ compressionLevel: 9 }).toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
    return { bytes: encoded, as };
  } catch {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', messages.imageInvalid);
  }
}

/** Stores a prepared image under an unguessable key and returns its URL. */
export function storeProfileImage(
  storage: Storage,
  userId: number,
  name: 'face' | 'signature',
  image: PreparedImage,
): Promise<string> {
  const key = `profiles/${userId}/${name}-${randomBytes(16).toString('hex')}.${image.as === 'png' ? 'png' : 'jpg'}`;
  return storage.put(key, image.bytes, image.as === 'png' ? 'image/png' : 'image/jpeg');
}

/** The storage key behind a URL this app made, or null for anything else. */
export function storageKeyOf(url: string | null): string | null {
  if (!url?.startsWith('/uploads/profiles/')) return null;
  return url.slice('/uploads/'.length);
}
