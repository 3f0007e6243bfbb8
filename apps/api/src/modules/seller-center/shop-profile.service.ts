import { randomBytes } from 'node:crypto';
import { messages, type ShopProfile, type ShopProfileInput, shopBannerMaxBytes } from '@tibay/contract';
import sharp from 'sharp';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { sanitizeSellerHtml } from '../../lib/sanitize-html.ts';
import { UPLOADS_PREFIX } from '../../plugins/storage.ts';
import { imageKind } from '../profile/index.ts';
import { replaceBanner, shopProfileRow, updateShopProfile } from './shop-profile.repository.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The stored description as plain text for the form: paragraphs and line breaks kept, tags dropped. */
export function textOfHtml(html: string | null): string {
  if (!html) return '';
  return html
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .trim();
}

/** Plain text as paragraphs of HTML (each blank-line-separated block one <p>). */
function htmlOfText(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`);
  return sanitizeSellerHtml(paragraphs.join(''));
}

/** The shop profile and a new seller's first-day steps: profile (description and phone), banner, first product. */
export async function shopProfile(deps: Pick<Deps, 'db'>, sellerId: number): Promise<ShopProfile> {
  const row = await shopProfileRow(deps.db, sellerId);
  if (!row) throw new HttpError('NOT_FOUND', messages.notFound);
  const description = textOfHtml(row.descriptionHtml);
  return {
    name: row.name,
    url_handle: row.urlHandle,
    description,
    phone: row.phone,
    logo_url: row.logoUrl,
    banner_url: row.bannerUrl,
    setup: { profile: Boolean(description && row.phone), banner: Boolean(row.bannerUrl), product: row.hasProduct },
  };
}

export async function saveShopProfile(deps: Pick<Deps, 'db'>, sellerId: number, input: ShopProfileInput) {
  await updateShopProfile(deps.db, sellerId, { descriptionHtml: htmlOfText(input.description), phone: input.phone });
  return shopProfile(deps, sellerId);
}

const bannerInvalid = 'Please upload a PNG or JPEG image.';

/** A new banner: PNG or JPEG by content, within 3 MB, re-encoded as WebP (at most 1920 px wide); the old one goes. */
export async function uploadBanner(deps: Pick<Deps, 'db' | 'storage' | 'log'>, sellerId: number, bytes: Buffer) {
  if (bytes.length > shopBannerMaxBytes)
    throw new HttpError('PAYLOAD_TOO_LARGE', 'The banner must be 3 MB or smaller.');
  if (!imageKind(bytes)) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', bannerInvalid);
  let encoded: Buffer;
  try {
    encoded = await sharp(bytes, { limitInputPixels: 4096 * 4096 })
      .rotate()
      .resize({ width: 1920, height: 1080, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', bannerInvalid);
  }
  const url = await deps.storage.put(
    `sellers/${sellerId}/banner-${randomBytes(12).toString('hex')}.webp`,
    encoded,
    'image/webp',
  );
  const old = await replaceBanner(deps.db, sellerId, url);
  // Only banners uploaded here are removed (the demo's seed pictures are shared files).
  if (old?.startsWith(`${UPLOADS_PREFIX}sellers/${sellerId}/`)) {
    await deps.storage.delete(old.slice(UPLOADS_PREFIX.length)).catch((error: unknown) => {
      deps.log.warn({ err: error, url: old }, 'could not delete the replaced banner');
    });
  }
  return shopProfile(deps, sellerId);
}
