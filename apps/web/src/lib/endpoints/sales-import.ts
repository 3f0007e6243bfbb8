import type { salesImportResult, salesImportVerifyResult } from '@tibay/contract';
import { defineEndpoint, multipart, schema } from '../endpoint.ts';

/** Sales order import (spec 3 §2.4 /sales-import-orders; the admin cookie session, see features/admin). */
export const verifySalesImport = defineEndpoint({
  method: 'POST',
  path: '/admin/sales-import/verify',
  body: multipart,
  response: schema<typeof salesImportVerifyResult>(),
});
export const importSalesOrder = defineEndpoint({
  method: 'POST',
  path: '/admin/sales-import/orders',
  body: multipart,
  response: schema<typeof salesImportResult>(),
});
