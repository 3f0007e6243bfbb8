import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage, uploadsDir } from './storage.ts';

let dir: string;
let storage: LocalDiskStorage;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tibay-storage-'));
  storage = new LocalDiskStorage(uploadsDir(dir));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('LocalDiskStorage', () => {
  it('stores, reads and names files under the uploads folder', async () => {
    const url = await storage.put('shops/12/logo.png', Buffer.from('png-bytes'), 'image/png');
    expect(url).toBe('/uploads/shops/12/logo.png');
    expect(storage.url('shops/12/logo.png')).toBe(url);
    expect((await storage.read('shops/12/logo.png'))?.toString()).toBe('png-bytes');
    expect(await storage.exists('shops/12/logo.png')).toBe(true);
    await storage.delete('shops/12/logo.png');
    expect(await storage.exists('shops/12/logo.png')).toBe(false);
    expect(await storage.read('shops/12/logo.png')).toBeNull();
  });

  it('refuses keys that leave the folder or do not match the content type', async () => {
    await expect(storage.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow('Invalid storage key');
    await expect(storage.put('/etc/passwd.png', Buffer.from('x'), 'image/png')).rejects.toThrow('Invalid storage key');
    await expect(storage.put('a/.hidden.png', Buffer.from('x'), 'image/png')).rejects.toThrow('Invalid storage key');
    await expect(storage.put('page.html', Buffer.from('x'), 'image/png')).rejects.toThrow('does not match');
    await expect(storage.put('page.html', Buffer.from('x'), 'text/html')).rejects.toThrow('Unsupported content type');
    expect(() => storage.url('a/../../b.png')).toThrow('Invalid storage key');
  });
});
