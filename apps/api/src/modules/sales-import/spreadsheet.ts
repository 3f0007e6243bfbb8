import { promisify } from 'node:util';
import { inflateRaw as zlibInflateRaw } from 'node:zlib';
import { type ImportLibraries, type ImportRow, readImportBytes, salesImportMessages } from '@tibay/contract';
import Papa from 'papaparse';
import { HttpError } from '../../http/http-error.ts';

const inflateRawAsync = promisify(zlibInflateRaw);

/** Unpacks raw deflate data with zlib (off the event loop), stopping (null) once it passes `limit` bytes. */
async function inflateRaw(bytes: Uint8Array, limit: number): Promise<Uint8Array | null> {
  try {
    return await inflateRawAsync(bytes, { maxOutputLength: Math.max(1, limit) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw error;
  }
}

/** The server's spreadsheet libraries for the contract's file reader (the browser's worker brings its own). */
export const importLibraries: ImportLibraries = {
  inflateRaw,
  parseCsv: (text) => Papa.parse<string[]>(text, { skipEmptyLines: false }).data,
};

/** The import rows of an uploaded file (judged by its content), or a 400/413 that says what is wrong with it. */
export async function readImportFile(bytes: Buffer | undefined): Promise<ImportRow[]> {
  if (!bytes || bytes.length === 0) {
    throw new HttpError('VALIDATION', salesImportMessages.noData, { file: salesImportMessages.noData });
  }
  const read = await readImportBytes(bytes, importLibraries);
  if ('refused' in read) {
    throw new HttpError(read.tooLarge ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION', read.refused, { file: read.refused });
  }
  return read.rows;
}
