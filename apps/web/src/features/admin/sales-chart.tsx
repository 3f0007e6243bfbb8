import { Box, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type AdminDashboard, formatPeso2 } from '@tibay/contract';
import { useState } from 'react';
import { dayLabel } from '../../lib/order-labels.ts';

const HEIGHT = 180;
const GAP = 2;

/**
 * Sales by day as plain SVG bars (no chart library). The figure is named for screen readers and a table with
 * the same figures can be shown under it.
 */
export function SalesChart({ daily }: { daily: AdminDashboard['daily'] }) {
  const [showTable, setShowTable] = useState(false);
  const max = Math.max(1, ...daily.map((day) => day.sales));
  const width = 600;
  const bar = width / daily.length;
  const total = daily.reduce((sum, day) => sum + day.sales, 0);
  const first = daily[0];
  const last = daily.at(-1);

  return (
    <Box>
      <Text size="sm" c="dimmed" mb={4}>
        Total for the {daily.length} days: {formatPeso2(total)}
      </Text>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`Sales by day, ${first ? dayLabel(first.date) : ''} to ${last ? dayLabel(last.date) : ''}: total ${formatPeso2(total)}, highest day ${formatPeso2(max === 1 && total === 0 ? 0 : max)}`}
        style={{ display: 'block' }}
      >
        <line
          x1={0}
          x2={width}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          stroke="var(--mantine-color-gray-4)"
          vectorEffect="non-scaling-stroke"
        />
        {daily.map((day, i) => {
          const h = day.sales === 0 ? 0 : Math.max(2, (day.sales / max) * (HEIGHT - 10));
          return (
            <g key={day.date}>
              {/* The day's figures as a tooltip, over a full-height area so thin bars are easy to point at. */}
              <title>{`${dayLabel(day.date)}: ${formatPeso2(day.sales)}, ${day.orders} order${day.orders === 1 ? '' : 's'}`}</title>
              <rect x={i * bar} y={0} width={bar} height={HEIGHT} fill="transparent" />
              <rect
                x={i * bar + GAP / 2}
                y={HEIGHT - h}
                width={bar - GAP}
                height={h}
                rx={2}
                fill="var(--mantine-color-brand-6)"
              />
            </g>
          );
        })}
      </svg>
      <Group justify="space-between" mt={4} aria-hidden>
        <Text size="xs" c="dimmed">
          {first ? dayLabel(first.date, { month: 'short', day: 'numeric' }) : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {last ? dayLabel(last.date, { month: 'short', day: 'numeric' }) : ''}
        </Text>
      </Group>
      <UnstyledButton
        mt="xs"
        c="brand.8"
        fz="sm"
        fw={600}
        onClick={() => setShowTable((value) => !value)}
        aria-expanded={showTable}
      >
        {showTable ? 'Hide the figures' : 'Show the figures as a table'}
      </UnstyledButton>
      {showTable && (
        <Table.ScrollContainer minWidth={0} mt="xs">
          <Table striped verticalSpacing={4}>
            <VisuallyHidden component="caption">Sales by day</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th ta="right">Orders</Table.Th>
                <Table.Th ta="right">Sales</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...daily].reverse().map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>{dayLabel(day.date)}</Table.Td>
                  <Table.Td ta="right">{day.orders}</Table.Td>
                  <Table.Td ta="right">{formatPeso2(day.sales)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Box>
  );
}
