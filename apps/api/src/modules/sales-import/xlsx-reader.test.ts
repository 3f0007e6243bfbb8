import { deflateRawSync } from 'node:zlib';
import { importColumns, importLimits, readImportBytes, salesImportMessages } from '@tibay/contract';
import { describe, expect, it } from 'vitest';
import { importLibraries } from './spreadsheet.ts';

// The contract's reader on the xlsx path with the server's libraries (issue 20; decision 0042; the browser's worker
// runs the same reader), on zips written here byte by byte, so each rule is tried on exactly the file it names: the
// values, the first sheet, formulas, the row limit, empty sheets, damaged files and zip bombs whose directory lies.

type Entry = { name: string; data: Buffer | string; stored?: boolean; claimedSize?: number };

/** A zip of the entries (deflated unless stored); `claimedSize` makes the directory lie about one's size. */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.from(entry.data);
    const packed = entry.stored ? raw : deflateRawSync(raw);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.claimedSize ?? raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
const inline = (address: string, text: string) => `<c r="${address}" t="inlineStr"><is><t>${text}</t></is></c>`;
const header = `<row r="1">${importColumns.map((column, index) => inline(`${'ABCDEFGH'[index]}1`, column)).join('')}</row>`;
const line = (n: number, code = 'CEM-40') =>
  `<row r="${n}">${inline(`A${n}`, code)}${inline(`B${n}`, 'Cement')}<c r="C${n}"><v>2</v></c><c r="D${n}"><v>230</v></c><c r="E${n}"><v>225.5</v></c><c r="F${n}"><v>460</v></c><c r="G${n}"><v>451</v></c>${inline(`H${n}`, '5%')}</row>`;

/** A workbook whose sheets are listed in order (the first is the one read), with optional shared strings. */
function workbook(sheets: string[], options: { sharedStrings?: string; extra?: Entry[] } = {}): Buffer {
  const listed = sheets.map((_, index) => `<sheet name="S${index}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`);
  // The sheets' files are numbered backwards, so only the relationships tell which is first.
  const rels = sheets.map(
    (_, index) =>
      `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${sheets.length - index}.xml"/>`,
  );
  return zip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    {
      name: 'xl/workbook.xml',
      data: `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${listed.join('')}</sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', data: `<Relationships>${rels.join('')}</Relationships>` },
    ...(options.sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: options.sharedStrings }] : []),
    ...sheets.map((sheet, index) => ({ name: `xl/worksheets/sheet${sheets.length - index}.xml`, data: sheet })),
    ...(options.extra ?? []),
  ]);
}

const read = (bytes: Buffer) => readImportBytes(bytes, importLibraries);

describe('reading an xlsx import', () => {
  it('reads the first sheet: shared, rich and inline strings, numbers, entities; blank rows skipped', async () => {
    const shared =
      '<sst><si><t>SKU-000001</t></si><si><r><t>Portland </t></r><r><t xml:space="preserve">Cement &amp; &quot;Co&quot;</t></r><rPh><t>ignored</t></rPh></si></sst>';
    const first = sheetXml(
      `${header}<row r="2"/><row r="3"><c r="A3" t="s"><v>0</v></c><c r="B3" t="s"><v>1</v></c><c r="C3"><v>10</v></c><c r="D3"><v>245.0</v></c><c r="E3"><v>2.3E2</v></c><c r="F3"><v>2450</v></c><c r="G3"><v>2300</v></c>${inline('H3', '5&#37;')}</row>`,
    );
    const other = sheetXml(`${header}${line(2, 'NOT-READ')}`);
    const result = await read(workbook([first, other], { sharedStrings: shared }));
    expect(result).toEqual({
      rows: [
        {
          n: 3,
          secondaryId: 'SKU-000001',
          productName: 'Portland Cement & "Co"',
          qty: '10',
          price: '245',
          discountedPrice: '230',
          totalGross: '2450',
          totalNetAmount: '2300',
          comRate: '5%',
        },
      ],
    });
  });

  it('reads cells without addresses and stored (uncompressed) parts', async () => {
    const sheet = sheetXml(
      `${header}<row><c t="inlineStr"><is><t>SKU-9</t></is></c><c t="inlineStr"><is><t>Nails</t></is></c><c><v>3</v></c></row>`,
    );
    const bytes = zip([
      { name: '[Content_Types].xml', data: '<Types/>', stored: true },
      { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="A" sheetId="1"/></sheets></workbook>' },
      { name: 'xl/worksheets/sheet1.xml', data: sheet, stored: true },
    ]);
    const result = await read(bytes);
    expect('rows' in result && result.rows[0]).toMatchObject({
      n: 2,
      secondaryId: 'SKU-9',
      productName: 'Nails',
      qty: '3',
    });
  });

  it('refuses formulas, naming the first cell that has one', async () => {
    const sheet = sheetXml(
      `${header}${line(2)}<row r="3"><c r="A3" t="inlineStr"><is><t>CEM-40</t></is></c><c r="F3"><f>C3*D3</f><v>460</v></c><c r="G3"><f>C3*E3</f></c></row>`,
    );
    expect(await read(workbook([sheet]))).toEqual({
      refused: 'This file contains formulas (first at F3). Please paste the values only and upload it again.',
    });
  });

  it('refuses more than 10,000 rows, and takes exactly 10,000', async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => line(index + 2)).join('');
    expect(await read(workbook([sheetXml(`${header}${lines(10_001)}`)]))).toEqual({
      refused: salesImportMessages.tooManyRows,
    });
    const full = await read(workbook([sheetXml(`${header}${lines(10_000)}`)]));
    expect('rows' in full && full.rows.length).toBe(10_000);
  });

  it('refuses an empty sheet and a workbook without sheets', async () => {
    expect(await read(workbook([sheetXml('')]))).toEqual({ refused: salesImportMessages.emptySheet });
    expect(await read(workbook([sheetXml('<row r="4"><c r="B4" s="1"/></row>')]))).toEqual({
      refused: salesImportMessages.emptySheet,
    });
    expect(await read(workbook([]))).toEqual({ refused: salesImportMessages.emptySheet });
  });

  it('refuses a damaged part anywhere in the zip, and a zip that is not a workbook', async () => {
    const good = workbook([sheetXml(`${header}${line(2)}`)], {
      extra: [
        {
          name: 'docProps/app.xml',
          data: `<Properties>${Array.from({ length: 200 }, (_, n) => n * 7919).join(' ')}</Properties>`,
        },
      ],
    });
    expect('rows' in (await read(good))).toBe(true);
    // The last part's deflated data zeroed, its directory intact.
    const damaged = Buffer.from(good);
    const directoryAt = damaged.readUInt32LE(damaged.length - 6);
    damaged.fill(0, directoryAt - 40, directoryAt);
    expect(await read(damaged)).toEqual({ refused: salesImportMessages.notSpreadsheet });
    expect(await read(zip([{ name: 'hello.txt', data: 'hello' }]))).toEqual({
      refused: salesImportMessages.notSpreadsheet,
    });
  });

  it('refuses a zip bomb, even one whose directory claims small parts', async () => {
    const huge = Buffer.alloc(101 * 1024 * 1024);
    const honest = workbook([sheetXml(header)], { extra: [{ name: 'xl/media/a.bin', data: huge }] });
    expect(await read(honest)).toEqual({ refused: salesImportMessages.tooLarge });
    const lying = workbook([sheetXml(header)], { extra: [{ name: 'xl/media/a.bin', data: huge, claimedSize: 10 }] });
    expect(lying.length).toBeLessThan(importLimits.maxBytes);
    expect(await read(lying)).toEqual({ refused: salesImportMessages.tooLarge });
  });
});
