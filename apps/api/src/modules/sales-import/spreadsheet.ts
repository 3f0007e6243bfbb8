import {
  fillImportMessage,
  type ImportRow,
  importLimits,
  importRowsFromGrid,
  salesImportMessages,
} from '@tibay/contract';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { HttpError } from '../../http/http-error.ts';

/**
 * The import file, judged by its content, never its name (issue 20): an xlsx is a zip holding the workbook's parts
 * (and no more than 100 MB once unpacked: a zip bomb is refused before it is opened); anything else must be UTF-8
 * text, read as CSV. Formulas are refused (a value computed by a program the server cannot run). The grid of text
 * cells then goes through the contract's `importRowsFromGrid` (template header, blank rows, row limit).
 */

const refuse = (message: string) => new HttpError('VALIDATION', message, { file: message });

const MAX_UNPACKED = 100 * 1024 * 1024;

/** The names and unpacked sizes of a zip's entries, from its central directory; null when it is not a sound zip. */
function zipEntries(bytes: Buffer): { name: string; size: number }[] | null {
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at -= 1) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: { name: string; size: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    entries.push({ name: bytes.toString('utf8', at + 46, at + 46 + nameLength), size });
    at += 46 + skip;
  }
  return entries;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

async function xlsxGrid(bytes: Buffer): Promise<string[][]> {
  const entries = zipEntries(bytes);
  const names = new Set(entries?.map((entry) => entry.name));
  if (!entries || !names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw refuse(salesImportMessages.notSpreadsheet);
  }
  if (entries.reduce((sum, entry) => sum + entry.size, 0) > MAX_UNPACKED) throw refuse(salesImportMessages.tooLarge);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse(salesImportMessages.notSpreadsheet);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw refuse(salesImportMessages.emptySheet);
  // The header and the rows: a sheet with more than the limit (plus room for blank rows) is refused unread.
  if (sheet.actualRowCount > importLimits.maxRows + 1) throw refuse(salesImportMessages.tooManyRows);
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.type === ExcelJS.ValueType.Formula || cell.formula) {
        throw refuse(fillImportMessage(salesImportMessages.formulas, { cell: cell.address }));
      }
      cells[column - 1] = cellText(cell.value).trim();
    });
    grid[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(grid, (cells) => cells ?? []);
}

/** NUL and the control characters text files do not use (tab, line feed, carriage return and form feed aside). */
function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) return true;
  }
  return false;
}

function csvGrid(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(salesImportMessages.notSpreadsheet);
  }
  // Text has no NUL and few control characters; a binary file that happens to be valid UTF-8 does not pass.
  if (hasControlCharacters(text)) throw refuse(salesImportMessages.notSpreadsheet);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const grid = parsed.data;
  if (grid.length > importLimits.maxRows * 2 + 1) throw refuse(salesImportMessages.tooManyRows);
  for (let row = 0; row < grid.length; row += 1) {
    const column = grid[row]!.findIndex((cell) => cell.trim().startsWith('='));
    if (column >= 0) {
      const cell = `${String.fromCharCode(65 + Math.min(column, 25))}${row + 1}`;
      throw refuse(fillImportMessage(salesImportMessages.formulas, { cell }));
    }
  }
  return grid;
}

/** The import rows of an uploaded file, or a 400 that says what is wrong with the file. */
export async function readImportFile(bytes: Buffer | undefined): Promise<ImportRow[]> {
  if (!bytes || bytes.length === 0) throw refuse(salesImportMessages.noData);
  if (bytes.length > importLimits.maxBytes) throw new HttpError('PAYLOAD_TOO_LARGE', salesImportMessages.tooLarge);
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  const grid = isZip ? await xlsxGrid(bytes) : csvGrid(bytes);
  const read = importRowsFromGrid(grid);
  if ('refused' in read) throw refuse(read.refused);
  return read.rows;
}
