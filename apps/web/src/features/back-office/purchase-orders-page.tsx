import { Button, Group, Modal, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatPeso2, type PurchaseOrder, type PurchaseOrderStatus, purchaseOrderStatuses } from '@tibay/contract';
import { useState } from 'react';
import { ListStates } from '../../components/list-states.tsx';
import { dayLabel } from '../../lib/order-labels.ts';
import { useLastShown } from '../../lib/use-last-shown.ts';
import { usePurchaseOrders } from './api.ts';
import { PoStatusBadge, PurchaseOrderDetail } from './purchase-order-detail.tsx';
import { PurchaseOrderRequestDialog } from './purchase-order-request-dialog.tsx';
import { PurchasingNav } from './purchasing-nav.tsx';
import { WaitingPanel } from './waiting-panel.tsx';

/** /admin-v2/purchasing and /purchase-orders: every purchase order, and the purchase order request. */
export default function PurchaseOrdersPage() {
  const [status, setStatus] = useState<'ALL' | PurchaseOrderStatus>('ALL');
  const orders = usePurchaseOrders(status);
  const [requesting, setRequesting] = useState(false);
  const [opened, setShown] = useState<{ order: PurchaseOrder; created: boolean } | null>(null);
  const shown = useLastShown(opened);

  return (
    <Stack gap="md" maw={1100}>
      <PurchasingNav />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Purchase orders
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRequesting(true)}>
          New purchase order
        </Button>
      </Group>
      <WaitingPanel />
      <Select
        label="Status"
        maw={220}
        data={[{ value: 'ALL', label: 'All' }, ...purchaseOrderStatuses.map((s) => ({ value: s, label: s }))]}
        value={status}
        onChange={(value) => setStatus((value ?? 'ALL') as typeof status)}
        allowDeselect={false}
      />
      <ListStates query={orders} rowHeight={36} empty="No purchase orders yet. Create one with New purchase order.">
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-label="Purchase orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>e-PR reference no</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Seller</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th ta="right">Total amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <UnstyledButton
                        fw={700}
                        c="brand.8"
                        td="underline"
                        onClick={() => setShown({ order, created: false })}
                      >
                        {order.po_reference_no}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{order.supplier.supplier_name}</Table.Td>
                    <Table.Td>{order.seller_company.company_name}</Table.Td>
                    <Table.Td>
                      <PoStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>{dayLabel(order.order_date)}</Table.Td>
                    <Table.Td ta="right">{formatPeso2(order.total_amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>
      {requesting ? (
        <PurchaseOrderRequestDialog
          onClose={() => setRequesting(false)}
          onCreated={(order) => {
            setRequesting(false);
            setShown({ order, created: true });
          }}
        />
      ) : null}
      <Modal
        opened={opened !== null}
        onClose={() => setShown(null)}
        title={shown?.created ? `Purchase order created: ${shown.order.po_reference_no}` : shown?.order.po_reference_no}
        size={700}
        centered
        withCloseButton={false}
      >
        {shown ? (
          <Stack>
            {shown.created ? <Text size="sm">It now waits for approval under Approvals.</Text> : null}
            <PurchaseOrderDetail order={shown.order} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setShown(null)}>
                Close
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
