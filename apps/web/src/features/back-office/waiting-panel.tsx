import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { LOW_STOCK_AT } from '@tibay/contract';
import { Link } from 'react-router';
import { PendingTransfersLine } from '../inventory-transfers/index.ts';
import { useBackOfficeSummary } from './api.ts';

/** What waits for the back office: POs to approve and to receive (with links), and the products running low. */
export function WaitingPanel() {
  const summary = useBackOfficeSummary();
  if (summary.isPending) return <Skeleton h={90} aria-label="Loading..." />;
  if (summary.isError) {
    return (
      <Text c="red" role="alert">
        {summary.error.message}
      </Text>
    );
  }
  const data = summary.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text fw={700}>Waiting</Text>
          <Group justify="space-between">
            <Anchor component={Link} to="/admin-v2/purchasing/approvals">
              Purchase orders to approve
            </Anchor>
            <Text fw={700}>{data.pending_purchase_orders}</Text>
          </Group>
          <Group justify="space-between">
            <Anchor component={Link} to="/admin-v2/purchasing/receives">
              Approved purchase orders to receive
            </Anchor>
            <Text fw={700}>{data.purchase_orders_to_receive}</Text>
          </Group>
          <PendingTransfersLine />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Text fw={700} mb="xs">
          Low stock (at most {LOW_STOCK_AT} units)
        </Text>
        {data.low_stock.length === 0 ? (
          <Text size="sm" c="dimmed">
            No product is running low.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Low stock" verticalSpacing={4}>
              <Table.Tbody>
                {data.low_stock.map((row) => (
                  <Table.Tr key={row.productId}>
                    <Table.Td>
                      <Text size="sm">{row.productName}</Text>
                      <Text size="xs" c="dimmed">
                        {row.company_name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" fw={700}>
                      {row.stock}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </SimpleGrid>
  );
}
