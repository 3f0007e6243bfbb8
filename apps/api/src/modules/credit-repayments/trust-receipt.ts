import { formatPeso2, manilaToday, messages } from '@tibay/contract';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import * as repo from './credit-repayments.repository.ts';

/**
 * The trust receipt of a BuildCredit order (spec 2 §7 "a form POST to a trust-receipt download endpoint"): a real
 * PDF (pdf-lib, standard Helvetica, no outside files) with the order, the buyer, the amounts, the line's terms and
 * the due date. Readable by the buyer who owns the order (customerId) or an administrator (null); 404 otherwise.
 */
export async function trustReceiptPdf(
  deps: Pick<Deps, 'db'>,
  customerId: number | null,
  reference: string,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const order = (await repo.receiptOrder(deps.db, customerId, reference)) as
    | (Record<string, unknown> & {
        items: { name: string; quantity: number; unit_price: number; line_total: number }[];
      })
    | null;
  if (!order) throw new HttpError('NOT_FOUND', messages.notFound);
  const line = await repo.buildCreditLine(deps.db, order.customer_id as number);
  const [owed] = line
    ? await repo.creditOrdersByIds(deps.db, order.customer_id as number, line, [order.id as number])
    : [];
  const terms = line?.terms_days ?? 0;
  const placed = new Date(order.created_at as string);

  const pdf = await PDFDocument.create();
  pdf.setTitle(`Trust Receipt ${reference}`);
  pdf.setSubject(`BuildCredit order ${reference}`);
  pdf.setAuthor('Tibay Marketplace');
  pdf.setCreationDate(new Date());
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595.28, 841.89]); // A4
  let y = 790;
  const ink = rgb(0.07, 0.1, 0.15);
  // Helvetica (WinAnsi) has no peso sign: amounts print as "PHP".
  const peso = (centavos: number) => formatPeso2(centavos).replace('₱', 'PHP ');
  const safe = (text: unknown) =>
    String(text ?? '')
      .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?')
      .slice(0, 95);
  const write = (text: string, options: { x?: number; size?: number; f?: PDFFont } = {}) => {
    if (y < 60) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
    page.drawText(safe(text), { x: options.x ?? 50, y, size: options.size ?? 10, font: options.f ?? font, color: ink });
  };
  const row = (label: string, value: string) => {
    write(label, { f: bold });
    write(value, { x: 200 });
    y -= 16;
  };

  write('TIBAY MARKETPLACE', { size: 16, f: bold });
  y -= 22;
  write('TRUST RECEIPT - BuildCredit', { size: 13, f: bold });
  y -= 28;
  row('Order reference', reference);
  row('Order date', manilaToday(placed));
  row('Status', String(order.status));
  row('Seller', String(order.seller_name ?? ''));
  y -= 8;
  row('Buyer', String(order.buyer_name || order.buyer_email));
  row('Email', String(order.buyer_email));
  row('Deliver to', String(order.delivery_address));
  y -= 8;
  row('Credit terms', `${terms} days from delivery`);
  row('Due date', owed?.due_date ?? 'No date');
  y -= 12;
  write('Item', { f: bold });
  write('Qty', { x: 360, f: bold });
  write('Amount', { x: 460, f: bold });
  y -= 16;
  for (const item of order.items) {
    write(item.name.slice(0, 55));
    write(String(item.quantity), { x: 360 });
    write(peso(Number(item.line_total)), { x: 460 });
    y -= 14;
  }
  y -= 10;
  row('Subtotal', peso(Number(order.subtotal)));
  row('Shipping', peso(Number(order.shipping_fee)));
  row('Voucher', `- ${peso(Number(order.voucher_discount))}`);
  row('Total', peso(Number(order.total)));
  row('Remaining balance', peso(owed?.remaining ?? 0));
  y -= 20;
  for (const sentence of [
    'The buyer acknowledges receipt of the goods above in trust, bought on the BuildCredit line of Tibay',
    'Marketplace, and agrees to pay the total amount on or before the due date.',
  ]) {
    write(sentence, { size: 9 });
    y -= 12;
  }
  y -= 30;
  write('______________________________', { x: 50 });
  write('______________________________', { x: 320 });
  y -= 14;
  write('Buyer signature', { x: 50, size: 9 });
  write('Tibay Marketplace', { x: 320, size: 9 });

  return { bytes: await pdf.save({ useObjectStreams: false }), filename: `trust-receipt-${reference}.pdf` };
}
