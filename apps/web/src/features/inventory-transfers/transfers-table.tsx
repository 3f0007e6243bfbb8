import { List, Table, Text } from '@mantine/core';
import type { InventoryTransfer } from '@tibay/contract';
import type { ReactNode } from 'react';
import { manilaTime } from '../../lib/order-labels.ts';
import { ScrollRegion } from './scroll-region.tsx';
import { TransferStatusBadge } from './transfer-parts.tsx';

/**
 * Spec 3 §2.4 "table of pending transfers (ID, source seller, target seller, products nested by detail line, date
 * requested, status, action)". `action` renders the last column when given.
 */
export function TransfersTable({
  transfers,
  label,
  action,
}: {
  transfers: InventoryTransfer[];
  label: string;
  action?: (transfer: InventoryTransfer) => ReactNode;
}) {
  return (
    <ScrollRegion label={`${label}, scrolls sideways`} minWidth={760}>
      <Table striped aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Source seller</Table.Th>
            <Table.Th>Target seller</Table.Th>
            <Table.Th>Products</Table.Th>
            <Table.Th>Date requested</Table.Th>
            <Table.Th>Status</Table.Th>
            {action ? <Table.Th>Action</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfers.map((transfer) => (
            <Table.Tr key={transfer.id}>
              <Table.Td fw={700}>{transfer.id}</Table.Td>
              <Table.Td>{transfer.source_seller.company_name}</Table.Td>
              <Table.Td>{transfer.target_seller.company_name}</Table.Td>
              <Table.Td>
                <List size="sm" spacing={2}>
                  {transfer.inventory_transfer_details.map((line) => (
                    <List.Item key={line.id}>
                      <Text size="sm" span>
                        {line.source_product.menu} → {line.target_product.menu}:{' '}
                        <b>{line.quantity.toLocaleString('en-PH')}</b>
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{manilaTime(transfer.createdAt)}</Table.Td>
              <Table.Td miw={100}>
                <TransferStatusBadge status={transfer.approval_status} />
              </Table.Td>
              {action ? <Table.Td>{action(transfer)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
