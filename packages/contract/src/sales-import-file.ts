import {
  fillImportMessage,
  type ImportRow,
  importLimits,
  importRowsFromGrid,
  salesImportMessages,
} from './sales-import.ts';
import { type InflateRaw, readFirstSheet } from './sales-import-xlsx.ts';

/**
 * Reading an import file, judged by its content, never its name (issue 20; decision 0042). The browser (in a Web
 * Worker, for the verify step's progress) and the server (on every call) read it with this same code; each brings
 * its own decompression and CSV parser (DecompressionStream or zlib, papaparse).
 *
 * - An xlsx is a zip holding the workbook's parts ([Content_Types].xml, xl/workbook.xml), at most 100 MB once
 *   unpacked (a zip bomb is refused before it is opened, and unpacking stops there whatever the zip claims); its
 *   first sheet is read straight from the zip, values only (sales-import-xlsx.ts). Anything else must be UTF-8
 *   text, read as CSV.
 * - Formulas are refused: a value computed by a program the server cannot run is not a value.
 * - The grid of text cells then goes through `importRowsFromGrid` (template header, blank rows, row limit).
 */

/** The platform's TextDecoder (browsers and Node alike; the contract compiles without either's types). */
declare const TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };

export type ReadImport = { rows: ImportRow[] } | { refused: string; tooLarge?: boolean };

export interface ImportLibraries {
  /** Unpacks raw deflate data, at most `limit` bytes (null past it); rejects damaged data. */
  inflateRaw: InflateRaw;
  /** Parses CSV text into rows of cells (papaparse). */
  parseCsv: (text: string) => string[][];
}

const MAX_UNPACKED = 100 * 1024 * 1024;

/** NUL and the control characters text files do not use (tab, line and page breaks aside). */
function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) return true;
  }
  return false;
}

const formulaRefusal = (cell: string) => ({ refused: fillImportMessage(salesImportMessages.formulas, { cell }) });

async function xlsxGrid(
  bytes: Uint8Array,
  libraries: ImportLibraries,
  progress: (fraction: number) => void,
): Promise<string[][] | { refused: string }> {
  const sheet = await readFirstSheet(
    bytes,
    libraries.inflateRaw,
    { unpacked: MAX_UNPACKED, maxRows: importLimits.maxRows + 1 },
    (fraction) => progress(0.2 + 0.75 * fraction),
  );
  if ('refused' in sheet) return { refused: salesImportMessages[sheet.refused] };
  if (sheet.rows.length > importLimits.maxRows + 1) return { refused: salesImportMessages.tooManyRows };
  const grid: string[][] = [];
  for (const cells of sheet.rows) {
    const formula = cells.find((cell) => cell.formula);
    if (formula) return formulaRefusal(formula.address);
    const row: string[] = [];
    for (const cell of cells) row[cell.column - 1] = cell.text.trim();
    grid[cells[0]!.row - 1] = Array.from(row, (cell) => cell ?? '');
  }
  return Array.from(grid, (cells) => cells ?? []);
}

function csvGrid(bytes: Uint8Array, libraries: ImportLibraries): string[][] | { refused: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { refused: salesImportMessages.notSpreadsheet };
  }
  // Text has no NUL and few control characters: a binary file that happens to be valid UTF-8 does not pass.
  if (hasControlCharacters(text)) return { refused: salesImportMessages.notSpreadsheet };
  const grid = libraries.parseCsv(text.replace(/^\uFEFF/, ''));
  if (grid.length > importLimits.maxRows * 2 + 1) return { refused: salesImportMessages.tooManyRows };
  for (let row = 0; row < grid.length; row += 1) {
    const column = grid[row]!.findIndex((cell) => cell.trim().startsWith('='));
    if (column >= 0) return formulaRefusal(`${String.fromCharCode(65 + Math.min(column, 25))}${row + 1}`);
  }
  return grid;
}

/** The import rows of a file, or the message that refuses it. `progress` hears fractions from 0 to 1. */
export async function readImportBytes(
  bytes: Uint8Array,
  libraries: ImportLibraries,
  progress: (fraction: number) => void = () => undefined,
): Promise<ReadImport> {
  if (bytes.length === 0) return { refused: salesImportMessages.noData };
  if (bytes.length > importLimits.maxBytes) return { refused: salesImportMessages.tooLarge, tooLarge: true };
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
  const grid = isZip ? await xlsxGrid(bytes, libraries, progress) : csvGrid(bytes, libraries);
  if ('refused' in grid) return grid;
  progress(1);
  return importRowsFromGrid(grid);
}
