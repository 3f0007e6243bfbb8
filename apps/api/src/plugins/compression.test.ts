import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, SYNC_COMPRESSION_MAX_BYTES } from './compression.ts';

describe('compress', () => {
  // A body below the bound is compressed on the event loop, one above it in the thread pool: both give the bytes back.
  const bodies = [
    Buffer.from(JSON.stringify({ items: Array.from({ length: 40 }, (_, id) => ({ id, name: `Cement ${id}` })) })),
    Buffer.from('{"rows":['.padEnd(SYNC_COMPRESSION_MAX_BYTES * 2, '1,').replace(/,$/, '1]}')),
  ];

  it('round-trips small and large bodies with brotli and gzip', async () => {
    expect((bodies[0] as Buffer).length).toBeLessThan(SYNC_COMPRESSION_MAX_BYTES);
    expect((bodies[1] as Buffer).length).toBeGreaterThan(SYNC_COMPRESSION_MAX_BYTES);
    for (const body of bodies) {
      const br = await compress(body, 'br');
      expect(br.length).toBeLessThan(body.length / 2);
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(gunzipSync(await compress(body, 'gzip')).equals(body)).toBe(true);
    }
  });
});
