import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { isPrivateKey, UPLOADS_PREFIX } from './storage.ts';

/**
 * The widths a stored picture is offered at (`/uploads/KEY?w=360`), for the web app's srcset: product photos in
 * a two-to-five-column grid on a phone (180, 360), a product page or a wide card (600), a shop banner (800, 1200).
 * Any other width is not made: the original is served instead. Decision 0029.
 */
export const IMAGE_WIDTHS = [180, 360, 600, 800, 1200] as const;

const RESIZABLE = /\.(webp|png|jpe?g)$/i;

/** Where the copy of `key` at `width` is kept: beside the originals, in the same storage. */
export function sizedKey(key: string, width: number): string {
  return `sized/${width}/${key.endsWith('.webp') ? key : `${key}.webp`}`;
}

/**
 * GET /uploads/KEY?w=WIDTH answers the stored picture scaled down to WIDTH (never up), re-encoded to WebP. Each copy
 * is made once, on first request, and stored (`sized/WIDTH/KEY`); later requests read it. Uploaded keys are never
 * reused, so copies never go stale, and get the originals' year-long caching.
 */
async function imageSizes(app: FastifyInstance) {
  const making = new Map<string, Promise<Buffer | null>>();

  async function sizedCopy(key: string, width: number): Promise<Buffer | null> {
    const target = sizedKey(key, width);
    const stored = await app.storage.read(target);
    if (stored) return stored;
    const original = await app.storage.read(key);
    if (!original) return null;
    const bytes = await sharp(original, { limitInputPixels: 40_000_000 })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    await app.storage.put(target, bytes, 'image/webp');
    return bytes;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!request.url.startsWith(UPLOADS_PREFIX)) return;
    const [pathname, query = ''] = request.url.split('?');
    const width = Number(new URLSearchParams(query).get('w'));
    if (!IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number])) return;
    let key: string;
    try {
      key = decodeURIComponent(pathname!.slice(UPLOADS_PREFIX.length));
    } catch {
      return;
    }
    // Private files, odd keys and anything not a raster picture fall through to the static route's own answer.
    if (!RESIZABLE.test(key) || isPrivateKey(key) || key.startsWith('sized/') || key.includes('..')) return;
    const id = `${width}/${key}`;
    let pending = making.get(id);
    if (!pending) {
      pending = sizedCopy(key, width).catch((error: unknown) => {
        request.log.warn({ err: error, key }, 'picture not resized');
        return null;
      });
      making.set(id, pending);
      void pending.finally(() => making.delete(id));
    }
    const bytes = await pending;
    if (!bytes) return; // no such file, or not a picture sharp reads: the static route answers (404 or as is)
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}

export const imageSizesPlugin = fp(imageSizes, { name: 'image-sizes', dependencies: ['storage'] });
