import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../plugins/storage.ts';
import { demoImageJobs } from './demo.ts';
import { renderImages, textWidth, wrapText } from './images.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tibay-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('seed pictures', () => {
  it('draws each kind of picture as WebP at its size, once', async () => {
    const storage = new LocalDiskStorage(dir);
    const jobs = demoImageJobs();
    const sample = ['/products/', '/categories/', '-banner.webp', '-logo.webp', '/partners/', '/blogs/'].map(
      (part) => jobs.find((job) => job.key.includes(part))!,
    );
    expect(await renderImages(storage, sample)).toBe(sample.length);
    for (const job of sample) {
      const file = path.join(dir, job.key);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([job.width, job.height]);
      expect(statSync(file).size).toBeGreaterThan(2000);
    }
    // Existing files are kept, not drawn again.
    expect(await renderImages(storage, sample)).toBe(0);
  });

  it('names every demo picture once', () => {
    const keys = demoImageJobs().map((job) => job.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => /^seed\/[a-z]+\/[a-z0-9-]+\.webp$/.test(key))).toBe(true);
  });

  it('wraps long names into at most three lines that fit', () => {
    const lines = wrapText(
      'Makita Cordless Drill Driver 12V HP333D with two batteries and a hard case extra',
      32,
      540,
      3,
    );
    expect(lines.length).toBe(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
    for (const line of lines) expect(textWidth(line, 32)).toBeLessThanOrEqual(540);
  });
});
