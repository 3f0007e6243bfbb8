import { Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { InventoryTransfer, InventoryTransferStatus } from '@tibay/contract';
import { manilaTime } from '../../lib/order-labels.ts';
import { useLastShown } from '../../lib/use-last-shown.ts';
import { ScrollRegion } from './scroll-region.tsx';

const colorOf: Record<InventoryTransferStatus, string> = { Pending: 'yellow', Approved: 'green', Reject: 'red' };

/** Spec 3 §4: Pending, Approved or Reject (the spec's words), as a badge with dark text (AA). */
export function TransferStatusBadge({ status }: { status: InventoryTransferStatus }) {
  return (
    <Badge
      color={colorOf[status]}
      variant="light"
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { color: 'var(--mantine-color-dark-7)', overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}

/** A transfer's lines: source product, target product, quantity. */
export function TransferLines({ transfer }: { transfer: InventoryTransfer }) {
  return (
    <ScrollRegion label={`Transfer ${transfer.id} details, scrolls sideways`} minWidth={420}>
      <Table aria-label={`Transfer ${transfer.id} details`} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Source product</Table.Th>
            <Table.Th>Target product</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfer.inventory_transfer_details.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>{line.id}</Table.Td>
              <Table.Td>{line.source_product.menu}</Table.Td>
              <Table.Td>{line.target_product.menu}</Table.Td>
              <Table.Td ta="right">{line.quantity.toLocaleString('en-PH')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** Spec 3 §2.4: the result modal — transfer ID, approval status, sellers, created time and details. */
export function TransferResultModal({
  transfer,
  title,
  onClose,
}: {
  transfer: InventoryTransfer | null;
  title: string;
  onClose: () => void;
}) {
  const shown = useLastShown(transfer);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={transfer !== null}
      onClose={onClose}
      title={title}
      size={700}
      centered
    >
      {shown ? (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Text size="sm">
              <b>Transfer ID:</b> {shown.id}
            </Text>
            <Group gap={6}>
              <Text size="sm" fw={700}>
                Approval status:
              </Text>
              <TransferStatusBadge status={shown.approval_status} />
            </Group>
            <Text size="sm">
              <b>Source seller:</b> {shown.source_seller.company_name}
            </Text>
            <Text size="sm">
              <b>Target seller:</b> {shown.target_seller.company_name}
            </Text>
            <Text size="sm">
              <b>Created:</b> {manilaTime(shown.createdAt)}
            </Text>
          </SimpleGrid>
          <TransferLines transfer={shown} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
