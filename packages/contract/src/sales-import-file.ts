import {
  fillImportMessage,
  type ImportRow,
  importLimits,
  importRowsFromGrid,
  salesImportMessages,
} from './sales-import.ts';

/**
 * Reading an import file, judged by its content, never its name (issue 20; decision 0042). The browser (in a Web
 * Worker, for the verify step's progress) and the server (on every call) read it with this same code; each brings
 * its spreadsheet libraries (exceljs and papaparse, described here only by the little that is used).
 *
 * - An xlsx is a zip holding the workbook's parts ([Content_Types].xml, xl/workbook.xml), at most 100 MB once
 *   unpacked (a zip bomb is refused before it is opened). Anything else must be UTF-8 text, read as CSV.
 * - Formulas are refused: a value computed by a program the server cannot run is not a value.
 * - The grid of text cells then goes through `importRowsFromGrid` (template header, blank rows, row limit).
 */

/** The platform's TextDecoder (browsers and Node alike; the contract compiles without either's types). */
declare const TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };

export type ReadImport = { rows: ImportRow[] } | { refused: string; tooLarge?: boolean };

/** The part of an exceljs cell that is read. */
interface CellLike {
  value: unknown;
  formula?: string | undefined;
  address: string;
}
interface SheetLike {
  actualRowCount: number;
  eachRow(
    options: { includeEmpty: boolean },
    callback: (
      row: { eachCell(options: { includeEmpty: boolean }, callback: (cell: CellLike, column: number) => void): void },
      rowNumber: number,
    ) => void,
  ): void;
}
export interface ImportLibraries {
  /** Loads an xlsx (exceljs: `new Workbook().xlsx.load`) and answers its first sheet, or throws. */
  loadXlsx: (bytes: Uint8Array) => Promise<SheetLike | undefined>;
  /** Parses CSV text into rows of cells (papaparse). */
  parseCsv: (text: string) => string[][];
}

const MAX_UNPACKED = 100 * 1024 * 1024;

/** The names and unpacked sizes of a zip's entries, from its central directory; null when it is not a sound zip. */
export function zipEntries(bytes: Uint8Array): { name: string; size: number }[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: { name: string; size: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      size: view.getUint32(at + 24, true),
    });
    at += 46 + skip;
  }
  return entries;
}

/** NUL and the control characters text files do not use (tab, line and page breaks aside). */
function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) return true;
  }
  return false;
}

/** A cell's value as text: numbers as written, rich text joined, dates as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; text?: unknown; error?: unknown };
    if (Array.isArray(object.richText)) return object.richText.map((part) => part.text).join('');
    if (typeof object.text === 'string') return object.text;
    if (object.error !== undefined) return String(object.error);
  }
  return '';
}

const formulaRefusal = (cell: string) => ({ refused: fillImportMessage(salesImportMessages.formulas, { cell }) });

async function xlsxGrid(
  bytes: Uint8Array,
  libraries: ImportLibraries,
  progress: (fraction: number) => void,
): Promise<string[][] | { refused: string }> {
  const entries = zipEntries(bytes);
  const names = new Set(entries?.map((entry) => entry.name));
  if (!entries || !names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    return { refused: salesImportMessages.notSpreadsheet };
  }
  if (entries.reduce((sum, entry) => sum + entry.size, 0) > MAX_UNPACKED)
    return { refused: salesImportMessages.tooLarge };
  let sheet: SheetLike | undefined;
  try {
    sheet = await libraries.loadXlsx(bytes);
  } catch {
    return { refused: salesImportMessages.notSpreadsheet };
  }
  progress(0.6);
  if (!sheet || sheet.actualRowCount === 0) return { refused: salesImportMessages.emptySheet };
  if (sheet.actualRowCount > importLimits.maxRows + 1) return { refused: salesImportMessages.tooManyRows };
  const total = sheet.actualRowCount;
  const grid: string[][] = [];
  let formula: string | null = null;
  let seen = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (formula) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.formula) formula ??= cell.address;
      cells[column - 1] = cellText(cell.value).trim();
    });
    grid[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
    seen += 1;
    if (seen % 1000 === 0) progress(0.6 + (0.4 * seen) / total);
  });
  if (formula) return formulaRefusal(formula);
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
