import path from 'node:path';
import { messages } from '@tibay/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { UPLOADS_PREFIX } from '../plugins/storage.ts';

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
};

/**
 * Sends a private stored file (a checkout proof of payment or purchase order) to a caller the route has already
 * checked: `url` is the file's stored /uploads/... URL. Typed by extension, inline, never cached by shared caches,
 * never sniffed; 404 when there is no URL or no file.
 */
export async function sendPrivateFile(app: FastifyInstance, reply: FastifyReply, url: string | null | undefined) {
  const key = url?.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : null;
  const bytes = key ? await app.storage.read(key).catch(() => null) : null;
  if (!key || !bytes) throw new HttpError('NOT_FOUND', messages.notFound);
  return reply
    .header('content-type', contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(bytes);
}
