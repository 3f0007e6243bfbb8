import { Alert, Button, Group, Modal, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import type { PurchaseOrder } from '@tibay/contract';
import { useState } from 'react';
import { ListStates } from '../../components/list-states.tsx';
import { ApiError } from '../../lib/api.ts';
import { dayLabel } from '../../lib/order-labels.ts';
import { useLastShown } from '../../lib/use-last-shown.ts';
import { useDecidePurchaseOrder, usePurchaseOrderApprovals } from './api.ts';
import { PoStatusBadge, PurchaseOrderDetail } from './purchase-order-detail.tsx';
import { PurchasingNav } from './purchasing-nav.tsx';

type Outcome = { word: 'Approved' | 'Rejected'; order: PurchaseOrder } | { error: string; order: PurchaseOrder };

/**
 * Purchase Order (e-PR) Approvals (spec 3 §2.4; /purchase-order-approvals and /admin-v2/purchasing/approvals): the
 * Pending POs; a row opens the detail with Approve, Reject (after confirming) and Close; a result modal follows. A PO
 * another administrator decided first is reported as such, and nothing changes.
 */
export default function ApprovalsPage() {
  const approvals = usePurchaseOrderApprovals();
  const decide = useDecidePurchaseOrder();
  const [open, setOpen] = useState<PurchaseOrder | null>(null);
  const shown = useLastShown(open);
  const [confirmingReject, setConfirmingReject] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const act = async (order: PurchaseOrder, approvalStatus: 'Approved' | 'Rejected') => {
    try {
      const result = await decide.mutateAsync({ id: order.id, decision: { approvalStatus, remarks: '' } });
      setOutcome({ word: approvalStatus, order: result.data.result });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setOutcome({ error: caught.message, order });
    }
    setConfirmingReject(false);
    setOpen(null);
  };

  return (
    <Stack gap="md" maw={1100}>
      <PurchasingNav />
      <Title order={1} size="h2">
        Purchase Order (e-PR) Approvals
      </Title>
      <ListStates query={approvals} rowHeight={36} empty="No purchase orders are waiting for approval.">
        {(data) => (
          <Table.ScrollContainer minWidth={480}>
            <Table striped highlightOnHover aria-label="Purchase orders waiting for approval">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>e-PR reference no</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((order) => (
                  <Table.Tr key={order.id} onClick={() => setOpen(order)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      <UnstyledButton fw={700} c="brand.8" td="underline" onClick={() => setOpen(order)}>
                        {order.po_reference_no}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{order.supplier.supplier_name}</Table.Td>
                    <Table.Td>
                      <PoStatusBadge status="Pending" />
                    </Table.Td>
                    <Table.Td>{dayLabel(order.order_date)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>

      <Modal
        opened={open !== null && !confirmingReject}
        onClose={() => setOpen(null)}
        title={shown ? `Purchase order ${shown.po_reference_no}` : ''}
        size={700}
        centered
        withCloseButton={false}
      >
        {shown ? (
          <Stack>
            <PurchaseOrderDetail order={shown} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>
                Close
              </Button>
              <Button color="red" variant="light" onClick={() => setConfirmingReject(true)} disabled={decide.isPending}>
                Reject
              </Button>
              <Button color="green.9" onClick={() => act(shown, 'Approved')} loading={decide.isPending}>
                Approve
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>

      <Modal
        opened={open !== null && confirmingReject}
        onClose={() => setConfirmingReject(false)}
        title="Reject purchase order"
        centered
      >
        <Stack>
          <Text>
            Reject <b>{open?.po_reference_no}</b> from {open?.supplier.supplier_name}? A rejected purchase order cannot
            be received.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingReject(false)}>
              Back
            </Button>
            <Button color="red.9" onClick={() => open && act(open, 'Rejected')} loading={decide.isPending}>
              Reject purchase order
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={outcome !== null}
        onClose={() => setOutcome(null)}
        title={outcome && 'word' in outcome ? outcome.word : 'Not changed'}
        size={700}
        centered
        withCloseButton={false}
      >
        {outcome ? (
          <Stack>
            {'error' in outcome ? (
              <Alert color="yellow" role="alert">
                {outcome.error}
              </Alert>
            ) : (
              <Text fw={700}>
                {outcome.word}: {outcome.order.po_reference_no}
              </Text>
            )}
            {'error' in outcome ? (
              <Text size="sm">
                {outcome.order.po_reference_no} from {outcome.order.supplier.supplier_name}: nothing was changed.
              </Text>
            ) : (
              <PurchaseOrderDetail order={outcome.order} />
            )}
            <Group justify="flex-end">
              <Button onClick={() => setOutcome(null)}>Close</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
