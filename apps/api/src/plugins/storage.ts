import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Where uploaded and generated files live. Keys are relative paths such as `seed/products/cement.webp`;
 * `url(key)` is what the web app puts in an <img src>. The local-disk implementation keeps files under
 * `${DATA_DIR}/uploads` and the app serves them at /uploads/*; an S3-compatible one can replace it.
 */
export interface Storage {
  /** Stores the bytes under key (replacing any file there) and returns the public URL. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  url(key: string): string;
  /** The stored bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** The public URL prefix of stored files. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * Key prefixes of private files — checkout proofs of payment and purchase orders, identity images — which the
 * public /uploads route never serves. Routes that check who is asking read them with storage.read().
 */
export const PRIVATE_KEY_PREFIXES = ['checkout/', 'profiles/', 'credit/', 'seller-registrations/'] as const;

export function isPrivateKey(key: string): boolean {
  return PRIVATE_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Content types we store, with the file extensions each may carry (the static server types files by extension). */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/webp': ['.webp'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/svg+xml': ['.svg'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'application/pdf': ['.pdf'],
};

const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

/** Keys are one or more safe path segments: no `..`, no absolute paths, no hidden files. */
export function assertStorageKey(key: string, contentType?: string): void {
  const segments = key.split('/');
  if (segments.length > 8 || !segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'))) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  if (contentType !== undefined) {
    const allowed = EXTENSIONS[contentType];
    if (!allowed) throw new Error(`Unsupported content type: ${contentType}`);
    if (!allowed.includes(path.extname(key).toLowerCase())) {
      throw new Error(`Key ${key} does not match content type ${contentType}`);
    }
  }
}

export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private file(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<string> {
    assertStorageKey(key, contentType);
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
    return this.url(key);
  }

  url(key: string): string {
    assertStorageKey(key);
    return `${UPLOADS_PREFIX}${key}`;
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).size > 0;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.file(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/** The uploads folder of a data directory. */
export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * Decorates `app.storage` and serves stored files at GET /uploads/* with long-lived caching (stored files
 * are never changed in place: a new upload gets a new key). A missing file is a plain 404, never the web
 * app's index page.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { dataDir: string; storage?: Storage }) => {
    const root = uploadsDir(options.dataDir);
    mkdirSync(root, { recursive: true });
    app.decorate('storage', options.storage ?? new LocalDiskStorage(root));

    await app.register(
      async (files) => {
        const notFound = { error: { code: 'NOT_FOUND', message: messages.notFound } };
        files.setNotFoundHandler((_request, reply) => {
          reply.status(404).send(notFound);
        });
        files.addHook('onRequest', async (request, reply) => {
          let key: string;
          try {
            const pathname = decodeURIComponent(request.url.split('?')[0] ?? '');
            key = path.posix.normalize(pathname.slice(UPLOADS_PREFIX.length - 1)).replace(/^\/+/, '');
          } catch {
            return reply.status(404).send(notFound);
          }
          if (isPrivateKey(key)) return reply.status(404).send(notFound);
        });
        await files.register(fastifyStatic, {
          root,
          prefix: '/',
          decorateReply: false,
          wildcard: true,
          index: false,
          list: false,
          dotfiles: 'deny',
          etag: true,
          lastModified: true,
          cacheControl: false,
          setHeaders(reply) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
            reply.header('x-content-type-options', 'nosniff');
          },
        });
      },
      { prefix: UPLOADS_PREFIX.slice(0, -1) },
    );
  },
  { name: 'storage' },
);
