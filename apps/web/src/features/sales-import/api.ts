import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SalesImportSubmission } from '@tibay/contract';
import { callVia } from '../../lib/endpoint.ts';
import * as endpoints from '../../lib/endpoints/sales-import.ts';
import { adminApi } from '../admin/index.ts';

/**
 * Sales order import calls (the admin cookie session through the admin frame's transport). Both send the file: the
 * server reads and checks it again each time.
 */
export const salesImportKeys = {
  all: ['admin', 'sales-import'] as const,
  /** Admin Sales lists the imported order: its queries are refreshed after an import. */
  adminOrders: ['admin', 'orders'] as const,
};

export function useVerifySalesImport() {
  return useMutation({
    mutationFn: ({ file, sellerID }: { file: File; sellerID: string }) => {
      const body = new FormData();
      body.append('sellerID', sellerID);
      body.append('file', file);
      return callVia(adminApi, endpoints.verifySalesImport, { body });
    },
  });
}

export function useImportSalesOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, data, key }: { file: File; data: SalesImportSubmission; key: string }) => {
      const body = new FormData();
      body.append('data', JSON.stringify(data));
      body.append('file', file);
      return callVia(adminApi, endpoints.importSalesOrder, { body, headers: { 'idempotency-key': key } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: salesImportKeys.adminOrders }),
  });
}
