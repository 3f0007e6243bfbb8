/**
 * Sales order import, verify step at 10,000 rows (issue 20: "a 10,000-row file verifies in under 5 s with a progress
 * bar while it parses"), against a running app with the demo data (e.g. `E2E_PORT=3205 node scripts/e2e-server.mjs`
 * or `npm start`):
 *
 *   BENCH_URL=http://127.0.0.1:3205 npx tsx bench/sales-import-verify.ts
 *
 * Builds a 10,000-row xlsx and CSV of real-looking lines (random codes of one demo seller's products, quantities
 * 1-50, prices as a clerk types them) and measures, BENCH_RUNS times each (default 5), median and slowest:
 *   1. reading the file with the contract's reader and the server's libraries (zlib, papaparse; exceljs only writes
 *      the files here);
 *   2. POST /api/v1/admin/sales-import/verify (the server reads and checks the whole file again, matches the codes),
 *      beside GET /api/health, a bare route, in the same run;
 *   3. in Chromium (BENCH_BROWSER=0 skips it): choosing the file on /admin-v2/sales-import until the rows are read
 *      (the progress bar shows meanwhile), then Verify until 'All 10000 products verified successfully!'.
 * Prints the machine's load average before and after. Results are summarised in bench/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ADMIN_CSRF_HEADER, ADMIN_CSRF_VALUE, importColumns, readImportBytes } from '@tibay/contract';
import ExcelJS from 'exceljs';
import { importLibraries } from '../apps/api/src/modules/sales-import/spreadsheet.ts';

const base = process.env.BENCH_URL ?? 'http://127.0.0.1:3205';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const ROWS = 10_000;
const password = 'Tibay@2026';
const dir = path.resolve(import.meta.dirname, '../.tmp/bench-sales-import');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const report = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(58)} median ${median(values).toFixed(0).padStart(6)} ms   slowest ${Math.max(...values)
      .toFixed(0)
      .padStart(6)} ms`,
  );

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function adminCookie(): Promise<string> {
  const res = await fetch(`${base}/api/v1/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
    body: JSON.stringify({ email: 'admin@tibay.test', password }),
  });
  if (!res.ok) throw new Error(`admin login: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tibay_admin='));
  return cookie!.split(';')[0]!;
}

/** One demo seller with its products (through the admin API); codes are 'SKU-' and the zero-padded id. */
async function sellerProducts(cookie: string) {
  const headers = { cookie, [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE };
  const sellers = (await (await fetch(`${base}/api/v1/admin/purchasing/sellers`, { headers })).json()) as {
    items: { id: number }[];
  };
  for (const seller of sellers.items) {
    const products = (await (
      await fetch(`${base}/api/v1/admin/purchasing/sellers/${seller.id}/products`, { headers })
    ).json()) as { items: { id: number; menu: string; price: number }[] };
    if (products.items.length >= 10) return { sellerId: seller.id, products: products.items };
  }
  throw new Error('no demo seller with 10 products');
}

function lines(products: { id: number; menu: string; price: number }[]) {
  return Array.from({ length: ROWS }, () => {
    const product = products[Math.floor(Math.random() * products.length)]!;
    const qty = 1 + Math.floor(Math.random() * 50);
    const price = Math.round(product.price) / 100;
    const discounted = Math.round(price * (0.85 + Math.random() * 0.15) * 100) / 100;
    return [
      `SKU-${String(product.id).padStart(6, '0')}`,
      product.menu,
      qty,
      price,
      discounted,
      Math.round(qty * price * 100) / 100,
      Math.round(qty * discounted * 100) / 100,
      `${1 + Math.floor(Math.random() * 8)}%`,
    ];
  });
}

async function files(rows: (string | number)[][]) {
  mkdirSync(dir, { recursive: true });
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sales');
  sheet.addRow([...importColumns]);
  for (const row of rows) sheet.addRow(row);
  const xlsx = path.join(dir, 'sales-10000.xlsx');
  await book.xlsx.writeFile(xlsx);
  const csv = path.join(dir, 'sales-10000.csv');
  const quote = (cell: string | number) =>
    typeof cell === 'string' && /[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  writeFileSync(csv, [importColumns.join(','), ...rows.map((row) => row.map(quote).join(','))].join('\n'));
  return { xlsx, csv };
}

async function verifyOnce(cookie: string, sellerId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('sellerID', String(sellerId));
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${base}/api/v1/admin/sales-import/verify`, {
    method: 'POST',
    headers: { cookie, [ADMIN_CSRF_HEADER]: ADMIN_CSRF_VALUE },
    body: form,
  });
  const body = (await res.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`verify: ${body.message}`);
}

async function browser(file: string, sellerId: number) {
  const instance = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await instance.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${base}/admin-v2/login`);
  await page.getByLabel('Email').fill('admin@tibay.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
  await page.waitForURL(/dashboard/, { timeout: 60_000 });
  const read: number[] = [];
  const verified: number[] = [];
  let progressSeen = false;
  for (let run = 0; run < runs; run += 1) {
    await page.goto(`${base}/admin-v2/sales-import`);
    await page.getByRole('textbox', { name: 'Seller ID', exact: true }).fill(String(sellerId));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Spreadsheet file (.xlsx or .csv)' }).click();
    const started = performance.now();
    await (await chooser).setFiles(file);
    progressSeen ||= await page
      .getByRole('progressbar', { name: 'Reading the file' })
      .waitFor({ state: 'visible', timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    await page.getByText(`${ROWS} row(s) read from`).waitFor({ timeout: 60_000 });
    const readAt = performance.now();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText(`All ${ROWS} products verified successfully!`).waitFor({ timeout: 60_000 });
    read.push(readAt - started);
    verified.push(performance.now() - started);
  }
  await instance.close();
  return { read, verified, progressSeen };
}

async function main() {
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const cookie = await adminCookie();
  const { sellerId, products } = await sellerProducts(cookie);
  const made = await files(lines(products));
  const { readFileSync } = await import('node:fs');
  const bytes = { xlsx: readFileSync(made.xlsx), csv: readFileSync(made.csv) };
  console.log(
    `${ROWS} rows: xlsx ${(bytes.xlsx.length / 1024).toFixed(0)} KiB, csv ${(bytes.csv.length / 1024).toFixed(0)} KiB; seller ${sellerId}, ${products.length} products`,
  );

  for (const kind of ['xlsx', 'csv'] as const) {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      times.push(
        await time(async () => {
          const result = await readImportBytes(bytes[kind], importLibraries);
          if (!('rows' in result) || result.rows.length !== ROWS)
            throw new Error(`read ${kind}: ${JSON.stringify(result).slice(0, 200)}`);
        }),
      );
    }
    report(`read ${kind} in Node (the server's reader)`, times);
  }
  for (const kind of ['xlsx', 'csv'] as const) {
    const verify: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      verify.push(await time(() => verifyOnce(cookie, sellerId, bytes[kind], `sales.${kind}`)));
      bare.push(await time(async () => (await fetch(`${base}/api/health`)).text()));
    }
    report(`POST verify, ${kind}`, verify);
    report('GET /api/health (bare route, same run)', bare);
  }
  if (process.env.BENCH_BROWSER !== '0') {
    const result = await browser(made.xlsx, sellerId);
    report('browser: choose the xlsx until its rows are read', result.read);
    report('browser: choose the xlsx until verified (read + Verify)', result.verified);
    console.log(`progress bar seen while reading: ${result.progressSeen}`);
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

await main();
