/**
 * The first sheet of an xlsx, values only, read straight from its zip (issue 20; decision 0042): the workbook,
 * its relationships, the shared strings and the one sheet's XML, scanned once. Loading the whole workbook with a
 * spreadsheet library (styles, themes, a cell object per cell) took most of the verify step's 5 s on a 10,000-row
 * file; this reads the same cells in a small fraction of that, in the browser's worker and on the server alike.
 *
 * Every entry of the zip is unpacked (so a damaged part anywhere refuses the file, as a streaming reader would), at
 * most `limit` bytes in all, whatever the zip's directory claims (a zip bomb stops there). Decompression is the
 * platform's (the caller's `inflateRaw`: DecompressionStream in the browser, zlib on the server).
 */

/** The platform's TextDecoder (browsers and Node alike; the contract compiles without either's types). */
declare const TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input: Uint8Array): string };

/** Unpacks raw deflate data: the bytes, or null as soon as they would pass `limit`; rejects damaged data. */
export type InflateRaw = (bytes: Uint8Array, limit: number) => Promise<Uint8Array | null>;

export interface ZipEntry {
  name: string;
  /** Unpacked size, as the zip's directory claims it. */
  size: number;
  method: number;
  packedSize: number;
  /** Where the entry's local header starts. */
  offset: number;
}

/** One cell with a value or a formula; `row` and `column` count from 1. */
export interface SheetCell {
  row: number;
  column: number;
  address: string;
  text: string;
  formula: boolean;
}

export type SheetRead = { rows: SheetCell[][] } | { refused: 'notSpreadsheet' | 'tooLarge' | 'emptySheet' };

/** The entries of a zip, from its central directory; null when it is not a sound zip. */
export function zipDirectory(bytes: Uint8Array): ZipEntry[] | null {
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
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      packedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    });
    at += 46 + skip;
  }
  return entries;
}

class Refused extends Error {
  constructor(readonly reason: 'notSpreadsheet' | 'tooLarge') {
    super(reason);
  }
}

/** Unpacks every entry (stored or deflated), `limit` bytes in all; throws Refused. */
async function unpack(bytes: Uint8Array, entries: ZipEntry[], inflateRaw: InflateRaw, limit: number) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = new Map<string, Uint8Array>();
  let left = limit;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const at = entry.offset;
    if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw new Refused('notSpreadsheet');
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    if (start + entry.packedSize > bytes.length) throw new Refused('notSpreadsheet');
    const packed = bytes.subarray(start, start + entry.packedSize);
    let unpacked: Uint8Array | null;
    if (entry.method === 0) unpacked = packed.length > left ? null : packed;
    else if (entry.method === 8) {
      try {
        unpacked = await inflateRaw(packed, left);
      } catch {
        throw new Refused('notSpreadsheet');
      }
    } else throw new Refused('notSpreadsheet');
    if (unpacked === null) throw new Refused('tooLarge');
    left -= unpacked.length;
    parts.set(entry.name, unpacked);
  }
  return parts;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its entities (and Excel's _xHHHH_ escapes) resolved. */
function xmlText(raw: string): string {
  const text = raw.includes('&')
    ? raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
        if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
        if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
        return ENTITIES[name] ?? whole;
      })
    : raw;
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
}

const attributePatterns = new Map<string, RegExp>();

function attribute(tag: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const found = pattern.exec(tag);
  return found ? xmlText(found[1] ?? found[2] ?? '') : undefined;
}

/** The text of every <t> in a piece of XML (rich-text runs joined; phonetic hints left out). */
function joinedText(xml: string): string {
  const plain = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let text = '';
  for (const found of plain.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)) text += xmlText(found[1]!);
  return text;
}

/** The path of the workbook's first sheet, through the workbook's relationships. */
function firstSheetPath(parts: Map<string, Uint8Array>, decode: (bytes: Uint8Array) => string): string | null {
  const workbook = decode(parts.get('xl/workbook.xml')!);
  const sheet = /<(?:\w+:)?sheet\s[^>]*>/.exec(workbook);
  if (!sheet) return null;
  const id = /\s[\w]+:id\s*=\s*"([^"]*)"/.exec(sheet[0])?.[1];
  const rels = parts.get('xl/_rels/workbook.xml.rels');
  if (id && rels) {
    for (const found of decode(rels).matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
      if (attribute(found[0], 'Id') !== id) continue;
      const target = attribute(found[0], 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

/** 'AB12' → 28 (the column letters, counted from 1). */
function columnOf(address: string): number {
  let column = 0;
  for (let index = 0; index < address.length; index += 1) {
    const code = address.charCodeAt(index);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
  }
  return column;
}

function columnName(column: number): string {
  let name = '';
  for (let left = column; left > 0; left = Math.floor((left - 1) / 26)) {
    name = String.fromCharCode(65 + ((left - 1) % 26)) + name;
  }
  return name;
}

/** A cell's value as text: shared and inline strings, numbers as a number's shortest text, booleans, errors. */
function cellValue(type: string | undefined, body: string, shared: string[]): string {
  if (type === 'inlineStr') return joinedText(body);
  const raw = /<v(?:\s[^>]*)?>([^<]*)<\/v>/.exec(body)?.[1];
  if (raw === undefined) return '';
  const value = xmlText(raw);
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'b') return value === '1' || value === 'true' ? 'true' : 'false';
  if (type === 'str' || type === 'e' || type === 'd') return value;
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? String(number) : value;
}

/**
 * The first sheet's rows with content, in order, each its cells with a value or a formula. Reading stops once
 * `maxRows` rows are held (the caller refuses the file for its size). `progress` hears fractions of the sheet read.
 */
export async function readFirstSheet(
  bytes: Uint8Array,
  inflateRaw: InflateRaw,
  limits: { unpacked: number; maxRows: number },
  progress: (fraction: number) => void = () => undefined,
): Promise<SheetRead> {
  const entries = zipDirectory(bytes);
  const names = new Set(entries?.map((entry) => entry.name));
  if (!entries || !names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    return { refused: 'notSpreadsheet' };
  }
  if (entries.reduce((sum, entry) => sum + entry.size, 0) > limits.unpacked) return { refused: 'tooLarge' };
  let parts: Map<string, Uint8Array>;
  try {
    parts = await unpack(bytes, entries, inflateRaw, limits.unpacked);
  } catch (error) {
    return { refused: error instanceof Refused ? error.reason : 'notSpreadsheet' };
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (part: Uint8Array) => decoder.decode(part);
  let sheetXml: string;
  let shared: string[] = [];
  try {
    const path = firstSheetPath(parts, decode);
    if (path === null) return { refused: 'emptySheet' };
    const sheet = parts.get(path);
    if (!sheet) return { refused: 'notSpreadsheet' };
    sheetXml = decode(sheet);
    const strings = parts.get('xl/sharedStrings.xml');
    if (strings) {
      shared = Array.from(decode(strings).matchAll(/<si\b[^>]*?(?:\/>|>([\s\S]*?)<\/si>)/g), (found) =>
        joinedText(found[1] ?? ''),
      );
    }
  } catch {
    return { refused: 'notSpreadsheet' };
  }
  const data = sheetXml.indexOf('<sheetData');
  if (data < 0) return { refused: 'notSpreadsheet' };
  const rows: SheetCell[][] = [];
  const rowPattern = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
  const cellPattern = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
  rowPattern.lastIndex = data;
  let rowNumber = 0;
  for (let found = rowPattern.exec(sheetXml); found; found = rowPattern.exec(sheetXml)) {
    const r = attribute(found[1]!, 'r');
    rowNumber = r ? Number(r) : rowNumber + 1;
    const body = found[2];
    if (!body) continue;
    const cells: SheetCell[] = [];
    let column = 0;
    for (const cell of body.matchAll(cellPattern)) {
      const tag = cell[1]!;
      const address = attribute(tag, 'r');
      column = address ? columnOf(address) : column + 1;
      const inner = cell[2] ?? '';
      const formula = /<f[\s>/]/.test(inner);
      const text = cellValue(attribute(tag, 't'), inner, shared);
      if (text === '' && !formula) continue;
      cells.push({ row: rowNumber, column, address: address ?? `${columnName(column)}${rowNumber}`, text, formula });
    }
    if (cells.length === 0) continue;
    rows.push(cells);
    if (rows.length > limits.maxRows) break;
    if (rows.length % 1000 === 0) progress(found.index / sheetXml.length);
  }
  if (rows.length === 0) return { refused: 'emptySheet' };
  return { rows };
}
