import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed body saves less than a packet and costs CPU (decision 0026). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * Up to this size a body is compressed on the event loop (decision 0062): brotli at quality 4 takes ~60 µs for a
 * 16 KB search answer, less than the trip through libuv's thread pool and back (0.2-1 ms of latency measured).
 * Larger bodies (a long HTML page, a big export) go to the pool, so that they do not hold the loop.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

const compressible = /^(application\/(json|xml|javascript)|text\/|image\/svg\+xml)/;

/** The best encoding the client accepts: brotli, then gzip; null for neither (or q=0). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** The body compressed as `encoding`: on the event loop up to SYNC_COMPRESSION_MAX_BYTES, in the thread pool above. */
export async function compress(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const sync = body.length <= SYNC_COMPRESSION_MAX_BYTES;
  if (encoding === 'gzip') return sync ? gzipSync(body, { level: 6 }) : gzipAsync(body, { level: 6 });
  const options = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
  return sync ? brotliCompressSync(body, options) : brotli(body, options);
}

function shouldCompress(request: FastifyRequest, reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (request.method === 'HEAD') return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false; // streams: files, precompressed
  if (reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return false;
  if (reply.getHeader('content-encoding')) return false;
  if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return false;
  return compressible.test(String(reply.getHeader('content-type') ?? ''));
}

/**
 * Compresses the server's own bodies — API JSON, the HTML of the pages, robots and sitemaps — above 1 KiB with
 * brotli (quality 4: a fraction of a millisecond on a listing, most of the gain) or gzip, as the client accepts.
 * Static files are not touched here: the build writes their .br and .gz beside them and the web app plugin serves
 * those. Registered after the discovery cache, whose onSend keeps the uncompressed JSON.
 */
async function compression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!shouldCompress(request, reply, payload)) return payload;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed = await compress(body, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

export const compressionPlugin = fp(compression, { name: 'compression' });
