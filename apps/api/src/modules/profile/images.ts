import { randomBytes } from 'node:crypto';
import { messages, profileImageMaxBytes } from '@tibay/contract';
import sharp from 'sharp';
import { HttpError } from '../../http/http-error.ts';
import type { Storage } from '../../plugins/storage.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

/** What the bytes are, by their first bytes (never by the name or the declared type): PNG, JPEG or neither. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  return null;
}

/** What a BIR 2303 upload is by its content: an image (PNG, JPEG, GIF), a PDF, or neither. */
export function certificateKind(bytes: Uint8Array): 'image' | 'pdf' | null {
  if (imageKind(bytes) || startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image';
  if (startsWith(bytes, PDF)) return 'pdf';
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
export async function prepareProfileImage(
  bytes: Buffer,
  as: 'jpeg' | 'png',
  field?: string,
  tooLarge: string = messages.imageTooLarge,
): Promise<PreparedImage> {
  const refuse = (code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE', message: string) =>
    new HttpError(code, message, field ? { [field]: message } : undefined);
  if (bytes.length > profileImageMaxBytes) throw refuse('PAYLOAD_TOO_LARGE', tooLarge);
  if (bytes.length === 0 || !imageKind(bytes)) throw refuse('UNSUPPORTED_MEDIA_TYPE', messages.imageInvalid);
  return reencode(bytes, as, () => refuse('UNSUPPORTED_MEDIA_TYPE', messages.imageInvalid));
}

/** A stored BIR 2303: an image re-encoded as PNG, or a PDF kept as sent (after its header was checked). */
export interface PreparedCertificate {
  bytes: Buffer;
  as: 'png' | 'pdf';
}

/** Checks a BIR 2303 upload by its content (.jpg .jpeg .png .gif .pdf) and size; images are re-encoded. */
export async function prepareCertificate(bytes: Buffer): Promise<PreparedCertificate> {
  const field = 'file_2303';
  if (bytes.length > profileImageMaxBytes) {
    throw new HttpError('PAYLOAD_TOO_LARGE', messages.fileOverLimit, { [field]: messages.fileOverLimit });
  }
  const kind = bytes.length > 0 ? certificateKind(bytes) : null;
  const invalid = () =>
    new HttpError('UNSUPPORTED_MEDIA_TYPE', messages.bir2303Invalid, { [field]: messages.bir2303Invalid });
  if (!kind) throw invalid();
  if (kind === 'pdf') {
    // A PDF ends with %%EOF (within its last bytes): a renamed file with a forged first line does not.
    if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) throw invalid();
    return { bytes, as: 'pdf' };
  }
  const image = await reencode(bytes, 'png', invalid);
  return { bytes: image.bytes, as: 'png' };
}

async function reencode(bytes: Buffer, as: 'jpeg' | 'png', invalid: () => HttpError): Promise<PreparedImage> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      as === 'png' ? await image.png({ compressionLevel: 9 }).toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
    return { bytes: encoded, as };
  } catch {
    throw invalid();
  }
}

/** Stores a prepared image under an unguessable key and returns its URL. */
export function storeProfileImage(
  storage: Storage,
  userId: number,
  name: 'face' | 'signature' | 'bir2303',
  file: PreparedImage | PreparedCertificate,
): Promise<string> {
  const extension = file.as === 'jpeg' ? 'jpg' : file.as;
  const key = `profiles/${userId}/${name}-${randomBytes(16).toString('hex')}.${extension}`;
  return storage.put(key, file.bytes, contentTypes[file.as]);
}

export const contentTypes = { png: 'image/png', jpeg: 'image/jpeg', pdf: 'application/pdf' } as const;

/** The content type of a stored profile file, by the extension this module gave it. */
export function contentTypeOfKey(key: string): string {
  if (key.endsWith('.pdf')) return contentTypes.pdf;
  return key.endsWith('.png') ? contentTypes.png : contentTypes.jpeg;
}

/** The storage key behind a URL this app made, or null for anything else. */
export function storageKeyOf(url: string | null): string | null {
  if (!url?.startsWith('/uploads/profiles/')) return null;
  return url.slice('/uploads/'.length);
}
