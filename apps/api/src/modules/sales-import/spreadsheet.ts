import { Readable } from 'node:stream';
import {
  type ImportLibraries,
  type ImportRow,
  importLimits,
  readImportBytes,
  salesImportMessages,
} from '@tibay/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { HttpError } from '../../http/http-error.ts';

type Cell = { value: ExcelJS.CellValue; formula?: string; address: string };

/**
 * The first sheet through exceljs's streaming reader (styles skipped: about twice as fast as loading the whole
 * workbook, bench/sales-import-verify.ts), its cells kept as the contract's reader needs them. Reading stops a row
 * past the limit: the reader then refuses the file for its size without holding it all.
 */
async function firstSheet(bytes: Uint8Array) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' },
  );
  const rows: { rowNumber: number; cells: Cell[] }[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const cells: Cell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = { value: cell.value, formula: cell.formula, address: cell.address };
      });
      if (cells.length > 0) rows.push({ rowNumber: row.number, cells });
      if (rows.length > importLimits.maxRows + 1) break;
    }
    break;
  }
  return {
    actualRowCount: rows.length,
    eachRow: (
      _options: { includeEmpty: boolean },
      callback: (
        row: { eachCell(options: { includeEmpty: boolean }, each: (cell: Cell, column: number) => void): void },
        rowNumber: number,
      ) => void,
    ) => {
      for (const { rowNumber, cells } of rows) {
        callback(
          {
            eachCell: (_cellOptions, each) =>
              cells.forEach((cell, index) => {
                each(cell ?? { value: null, address: '' }, index + 1);
              }),
          },
          rowNumber,
        );
      }
    },
  };
}

/** The server's spreadsheet libraries for the contract's file reader (the browser's worker brings its own). */
export const importLibraries: ImportLibraries = {
  loadXlsx: firstSheet,
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
