import type {
  adminOverdueCredit,
  adminRepayment,
  adminRepaymentDecision,
  adminRepaymentDecisionResponse,
  adminRepaymentPage,
  adminRepaymentQuery,
  creditOrdersQuery,
  creditOrdersResponse,
  creditRepaymentResponse,
} from '@tibay/contract';
import { defineEndpoint, multipart, noContent, schema } from '../endpoint.ts';

/** BuildCredit repayments (decision 0039): the buyer's /pay-rpaf calls and the admin-v2 verification queue. */

/** fetchToPay: the buyer's BuildCredit orders, with the line's standing. */
export const creditOrders = defineEndpoint({
  method: 'GET',
  path: '/credit/buildcredit/orders',
  query: schema<typeof creditOrdersQuery>(),
  response: schema<typeof creditOrdersResponse>(),
});
/** payUsingBuildCredit. Multipart: data (JSON: online_payment, amount_paid, order_id or allocations), rpafpaymentPhoto. */
export const pay = defineEndpoint({
  method: 'POST',
  path: '/credit/buildcredit/payments',
  body: multipart,
  response: schema<typeof creditRepaymentResponse>(),
});
/** The trust receipt (a PDF, fetched as a blob). */
export const trustReceipt = defineEndpoint({
  method: 'POST',
  path: '/credit/buildcredit/orders/:reference/trust-receipt',
  response: noContent,
});

export const adminRepayments = defineEndpoint({
  method: 'GET',
  path: '/admin/credit-repayments',
  query: schema<typeof adminRepaymentQuery>(),
  response: schema<typeof adminRepaymentPage>(),
});
export const adminRepaymentDetail = defineEndpoint({
  method: 'GET',
  path: '/admin/credit-repayments/:id',
  response: schema<typeof adminRepayment>(),
});
export const adminDecide = defineEndpoint({
  method: 'POST',
  path: '/admin/credit-repayments/:id/decision',
  body: schema<typeof adminRepaymentDecision>(),
  response: schema<typeof adminRepaymentDecisionResponse>(),
});
/** The proof image (a blob, with the admin cookie). */
export const adminProof = defineEndpoint({
  method: 'GET',
  path: '/admin/credit-repayments/:id/proof',
  response: noContent,
});
export const adminOverdue = defineEndpoint({
  method: 'GET',
  path: '/admin/credit/overdue',
  response: schema<typeof adminOverdueCredit>(),
});
