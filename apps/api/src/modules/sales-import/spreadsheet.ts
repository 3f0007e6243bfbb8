import { type ImportLibraries, type ImportRow, readImportBytes, salesImportMessages } from '@tibay/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { HttpError } from '../../http/http-error.ts';

/** The server's spreadsheet libraries for the contract's file reader (the browser's worker brings its own). */
export const importLibraries: ImportLibraries = {
  loadXlsx: async (bytes) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
    return workbook.worksheets[0];
  },
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
