import { Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatPeso2, type PurchaseReceive } from '@tibay/contract';
import { ListStates } from '../../components/list-states.tsx';
import { dayLabel, manilaTime } from '../../lib/order-labels.ts';
import { usePurchaseReceives } from './api.ts';

/** Spec 3 §2.4: 'Purchase Received: {receive reference no}', the delivery, and what was received. */
export function ReceivedDialog({ receive, onClose }: { receive: PurchaseReceive; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Purchase Received: ${receive.receive_reference_no}`}
      size={700}
      centered
      withCloseButton={false}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Text size="sm">
            <b>Receive date:</b> {dayLabel(receive.receive_date)}
          </Text>
          <Text size="sm">
            <b>Delivery ref:</b> {receive.delivery_reference_no}
          </Text>
          <Text size="sm">
            <b>Delivery date:</b> {dayLabel(receive.delivery_date)}
          </Text>
        </SimpleGrid>
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label="Items received">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Qty Received</Table.Th>
                <Table.Th ta="right">Unit Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receive.purchase_receive_details.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{line.id}</Table.Td>
                  <Table.Td>
                    {line.product.menu}{' '}
                    {line.condition === 'Good' ? null : (
                      <Badge color="red" variant="light" size="sm">
                        {line.condition}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{line.quantity_received}</Table.Td>
                  <Table.Td ta="right">{formatPeso2(line.unit_price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The latest purchase receives, for the warehouse keeper's reference. */
export function RecentReceives() {
  const receives = usePurchaseReceives();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Recent purchase receives
      </Title>
      <ListStates query={receives} rowHeight={32} empty="Nothing received yet.">
        {(data) => (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Recent purchase receives">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receive reference no</Table.Th>
                  <Table.Th>e-PR reference no</Table.Th>
                  <Table.Th>Warehouse</Table.Th>
                  <Table.Th>Receive date</Table.Th>
                  <Table.Th ta="right">Units</Table.Th>
                  <Table.Th>Recorded</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((receive) => (
                  <Table.Tr key={receive.id}>
                    <Table.Td fw={700}>{receive.receive_reference_no}</Table.Td>
                    <Table.Td>{receive.po_reference_no}</Table.Td>
                    <Table.Td>{receive.warehouse.name}</Table.Td>
                    <Table.Td>{dayLabel(receive.receive_date)}</Table.Td>
                    <Table.Td ta="right">
                      {receive.purchase_receive_details.reduce((sum, line) => sum + line.quantity_received, 0)}
                    </Table.Td>
                    <Table.Td>{manilaTime(receive.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>
    </Stack>
  );
}
