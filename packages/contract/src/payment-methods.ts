import { messages } from './messages.ts';
import { formatPeso, formatPeso2 } from './money.ts';

/** Payment methods of the checkout (spec 2 §5 availability, §9 limits): their codes, channels, limits and rules. */

export type PaymentGroup = 'credit' | 'otc' | 'card' | 'online' | 'bank' | 'cod';

export const paymentMethods = [
  { code: 'build_credit', label: 'Build Credit', group: 'credit' },
  { code: 'hardware_credit', label: 'Hardware Credit', group: 'credit' },
  { code: 'yield', label: 'Yield', group: 'credit' },
  { code: 'bayad_center', label: 'Bayad Center', group: 'otc' },
  { code: 'palawan_express', label: 'Palawan Express', group: 'otc' },
  { code: 'cebuana', label: 'Cebuana', group: 'otc' },
  { code: 'mlhuillier', label: 'M Lhuillier', group: 'otc' },
  { code: 'card', label: 'Credit / Debit Card', group: 'card' },
  { code: 'online', label: 'Online Payment', group: 'online' },
  { code: 'bank_transfer', label: 'Bank Transfer', group: 'bank' },
  { code: 'cod', label: 'Cash on Delivery', group: 'cod' },
] as const satisfies readonly { code: string; label: string; group: PaymentGroup }[];
export type PaymentMethodCode = (typeof paymentMethods)[number]['code'];
export const paymentMethodCodes = paymentMethods.map((m) => m.code) as [PaymentMethodCode, ...PaymentMethodCode[]];

/** Channels of the Online Payment method (e-wallets and online banks of the gateway). */
export const onlineChannels = [
  { code: 'gcash', label: 'GCash' },
  { code: 'paymaya', label: 'Maya' },
  { code: 'grab_pay', label: 'GrabPay' },
  { code: 'dob_bpi', label: 'BPI Online' },
  { code: 'dob_ubp', label: 'UnionBank Online' },
] as const;
export type OnlineChannel = (typeof onlineChannels)[number]['code'];

/** Over-the-counter ceilings, in centavos: disabled when the grand total is above them. */
export const overTheCounterLimits = {
  bayad_center: 5_000_000,
  palawan_express: 2_000_000,
  cebuana: 3_000_000,
  mlhuillier: 2_500_000,
} as const;
/** Yield needs a grand total of at least ₱1,000. */
export const yieldMinimumTotal = 100_000;

/** Bank Transfer payee (spec 2 §9: shown to the buyer). One copy, used by SHOW INSTRUCTION and the API. */
export const bankTransferPayee = {
  bank: 'Kaagapay Bank',
  accountName: 'Tibay Marketplace Inc.',
  accountNumber: '0012-3456-7890',
} as const;

/**
 * The SHOW INSTRUCTION text of a method, as plain lines: the bank payee for Bank Transfer, the payment steps for
 * the over-the-counter channels (with the order references and the amount), nothing for the others.
 * `amount` is already formatted (e.g. with formatPeso).
 */
export function paymentInstructions(code: PaymentMethodCode, references: readonly string[], amount: string): string[] {
  const refs = references.length > 0 ? references.join(', ') : 'your order reference';
  if (code === 'bank_transfer') {
    return [
      `Bank: ${bankTransferPayee.bank}`,
      `Account name: ${bankTransferPayee.accountName}`,
      `Account number: ${bankTransferPayee.accountNumber}`,
      `Amount: ${amount}`,
      `Reference: ${refs}`,
      'Upload the deposit slip or transfer screenshot as your proof of payment. We confirm your order by email.',
    ];
  }
  const method = paymentMethods.find((m) => m.code === code);
  if (method?.group === 'otc') {
    return [
      `Go to the nearest ${method.label} branch.`,
      `Say that you are paying a Tibay order and give the reference: ${refs}.`,
      `Pay ${amount} in cash and keep the receipt.`,
      'Your order is verified once the payment reaches us; we send you an email.',
    ];
  }
  return [];
}

/** Methods paid through the gateway (a new tab, then the web-hooks page). */
export const gatewayMethods: readonly PaymentMethodCode[] = ['card', 'online'];

export interface CreditBalances {
  build_credit: number | null;
  /** The buyer's Hardware Credit with the sellers of this checkout (null when there is none with any). */
  hardware_credit: number | null;
  yield: number | null;
}

/**
 * Why a method cannot pay a grand total (spec 2 §5 "Payment method availability"), in words the buyer can act on;
 * null when it can. Server and web share it: the payment step lists the unavailable methods with this reason.
 */
export function paymentMethodUnavailableReason(
  code: PaymentMethodCode,
  grandTotal: number,
  credit: CreditBalances,
): string | null {
  const label = paymentMethods.find((m) => m.code === code)?.label ?? code;
  const creditReason = (balance: number | null) => {
    if (balance === null) return messages.creditLineMissing.replace('{method}', label);
    if (balance < grandTotal) {
      return messages.creditBalanceTooLow.replace('{method}', label).replace('{balance}', formatPeso2(balance));
    }
    return null;
  };
  switch (code) {
    case 'build_credit':
    case 'hardware_credit':
      return creditReason(credit[code]);
    case 'yield':
      if (grandTotal < yieldMinimumTotal) {
        return messages.yieldMinimumTotal.replace('{amount}', formatPeso(yieldMinimumTotal));
      }
      return creditReason(credit.yield);
    case 'bayad_center':
    case 'palawan_express':
    case 'cebuana':
    case 'mlhuillier':
      return grandTotal <= overTheCounterLimits[code]
        ? null
        : messages.overTheCounterLimit
            .replace('{method}', label)
            .replace('{amount}', formatPeso(overTheCounterLimits[code]));
    default:
      return null;
  }
}

/** Whether a method may pay a grand total (spec 2 §5 "Payment method availability"). Server and web share it. */
export function isPaymentMethodAvailable(code: PaymentMethodCode, grandTotal: number, credit: CreditBalances) {
  return paymentMethodUnavailableReason(code, grandTotal, credit) === null;
}
