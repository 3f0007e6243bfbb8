import { importColumns } from '@tibay/contract';

/** The import template (spec 3 §2.4 columns), as .xlsx (exceljs, like the inventory report's export) or .csv. */

const example = ['SKU-000001', 'Portland Cement 40kg', 10, 245, 230, 2450, 2300, '5%'];

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

export async function downloadXlsxTemplate() {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sales');
  sheet.columns = importColumns.map((title) => ({ header: title, key: title, width: title === 'PRODUCT' ? 36 : 16 }));
  sheet.addRow(example);
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  download(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'sales-import-template.xlsx',
  );
}

export async function downloadCsvTemplate() {
  const { unparse } = await import('papaparse');
  const csv = unparse({ fields: [...importColumns], data: [example] });
  download(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'sales-import-template.csv');
}
