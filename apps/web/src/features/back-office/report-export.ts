import type { InventoryReportRow } from '@tibay/contract';

/** The report's columns as exported (money as pesos with 2 decimals, like the table). */
const columns = [
  ['Product ID', (row: InventoryReportRow) => row.productId],
  ['Product Name', (row: InventoryReportRow) => row.productName],
  ['Opening Stock', (row: InventoryReportRow) => row.openingStock],
  ['Stock In', (row: InventoryReportRow) => row.stockIn],
  ['Stock Out', (row: InventoryReportRow) => row.stockOut],
  ['Bad Stock', (row: InventoryReportRow) => row.badStock],
  ['Committed', (row: InventoryReportRow) => row.committedStock],
  ['Closing Stock', (row: InventoryReportRow) => row.closingStock],
  ['Stock Value', (row: InventoryReportRow) => Number((row.stockValue / 100).toFixed(2))],
] as const;

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** CSV through papaparse (quoting and escaping done right). */
export async function exportCsv(rows: InventoryReportRow[], name: string) {
  const { unparse } = await import('papaparse');
  const csv = unparse({
    fields: columns.map(([title]) => title),
    data: rows.map((row) => columns.map(([, value]) => value(row))),
  });
  download(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
}

/** An .xlsx workbook through exceljs (loaded only when asked for: it is large). */
export async function exportXlsx(rows: InventoryReportRow[], name: string) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Inventory Report');
  sheet.columns = columns.map(([title]) => ({ header: title, key: title, width: title === 'Product Name' ? 48 : 14 }));
  for (const row of rows) sheet.addRow(columns.map(([, value]) => value(row)));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(columns.length).numFmt = '#,##0.00';
  const buffer = await workbook.xlsx.writeBuffer();
  download(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${name}.xlsx`,
  );
}
