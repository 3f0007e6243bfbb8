import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatPeso2, type PurchaseOrder, type PurchaseOrderStatus } from '@tibay/contract';
import { dayLabel } from '../../lib/order-labels.ts';

const statusColor: Record<PurchaseOrderStatus, string> = {
  Pending: 'yellow',
  Approved: 'green',
  Rejected: 'red',
  Closed: 'gray',
};

export function PoStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Badge color={statusColor[status]} variant="light">
      {status}
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** A purchase order as the approval modal shows it (spec 3 §2.4): the head, then its lines and total. */
export function PurchaseOrderDetail({ order }: { order: PurchaseOrder }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="e-PR reference no">{order.po_reference_no}</Field>
        <Field label="Supplier">{order.supplier.supplier_name}</Field>
        <Field label="Seller company">{order.seller_company.company_name}</Field>
        <Field label="Order date">{dayLabel(order.order_date)}</Field>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Status
          </Text>
          <Group>
            <PoStatusBadge status={order.status} />
          </Group>
        </Stack>
        {order.remarks ? <Field label="Remarks">{order.remarks}</Field> : null}
      </SimpleGrid>
      <Table.ScrollContainer minWidth={480}>
        <Table striped aria-label={`Lines of ${order.po_reference_no}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">Unit price</Table.Th>
              <Table.Th ta="right">Total amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.purchase_order_details.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.id}</Table.Td>
                <Table.Td>{line.product.menu}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatPeso2(line.unit_price)}</Table.Td>
                <Table.Td ta="right">{formatPeso2(line.total_amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={4} ta="right">
                Total
              </Table.Th>
              <Table.Th ta="right">{formatPeso2(order.total_amount)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
