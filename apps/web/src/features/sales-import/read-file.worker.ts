/// <reference lib="webworker" />
import { type ImportLibraries, readImportBytes } from '@tibay/contract';
import Papa from 'papaparse';

/**
 * Reads an import file off the page's thread (issue 20: a 10,000-row file verifies in under 5 s and the page stays
 * responsive), with the contract's reader — the same code the server runs on every call. Posts its progress as
 * fractions, then the rows or the message that refuses the file.
 */

export type ReadFileMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; result: Awaited<ReturnType<typeof readImportBytes>> };

/** Unpacks raw deflate data with the browser's DecompressionStream, stopping (null) once it passes `limit` bytes. */
async function inflateRaw(bytes: Uint8Array, limit: number): Promise<Uint8Array | null> {
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const libraries: ImportLibraries = {
  inflateRaw,
  parseCsv: (text) => Papa.parse<string[]>(text, { skipEmptyLines: false }).data,
};

const post = (message: ReadFileMessage) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<Blob>) => {
  post({ type: 'progress', fraction: 0.05 });
  const bytes = new Uint8Array(await event.data.arrayBuffer());
  post({ type: 'progress', fraction: 0.15 });
  const result = await readImportBytes(bytes, libraries, (fraction) => post({ type: 'progress', fraction }));
  post({ type: 'done', result });
};
