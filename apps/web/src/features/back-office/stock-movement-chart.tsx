import { Box, Group, Text } from '@mantine/core';
import type { InventoryReport } from '@tibay/contract';
import { dayLabel } from '../../lib/order-labels.ts';

const series = [
  { key: 'stockIn', label: 'Stock In', color: 'var(--mantine-color-green-6)' },
  { key: 'stockOut', label: 'Stock Out', color: 'var(--mantine-color-blue-6)' },
  { key: 'badStock', label: 'Bad Stock', color: 'var(--mantine-color-red-6)' },
] as const;

/**
 * Stock movement per day of the period: three bars a day (in, out, bad). Drawn as SVG; its figures are also in
 * the table, and the chart is described by its title for screen readers.
 */
export function StockMovementChart({ chart }: { chart: InventoryReport['chart'] }) {
  const max = Math.max(1, ...chart.flatMap((day) => series.map((s) => Math.max(0, day[s.key]))));
  const width = Math.max(chart.length * 18, 300);
  const height = 160;
  const bar = 4;
  const totals = series.map((s) => chart.reduce((sum, day) => sum + day[s.key], 0));
  const first = chart[0]?.day;
  const last = chart.at(-1)?.day;
  return (
    <Box>
      <Group gap="md" mb={4}>
        {series.map((s, index) => (
          <Group key={s.key} gap={6}>
            <Box w={12} h={12} style={{ background: s.color, borderRadius: 2 }} aria-hidden />
            <Text size="sm">
              {s.label}: {totals[index]!.toLocaleString('en-PH')}
            </Text>
          </Group>
        ))}
      </Group>
      <Box style={{ overflowX: 'auto' }}>
        <svg
          role="img"
          aria-label={`Stock movement per day from ${first ? dayLabel(first) : ''} to ${last ? dayLabel(last) : ''}`}
          width={width}
          height={height + 20}
          viewBox={`0 0 ${width} ${height + 20}`}
        >
          <line x1={0} x2={width} y1={height} y2={height} stroke="var(--mantine-color-gray-4)" />
          {chart.map((day, index) => (
            <g key={day.day} transform={`translate(${index * (width / chart.length) + 2}, 0)`}>
              <title>{`${dayLabel(day.day)}: in ${day.stockIn}, out ${day.stockOut}, bad ${day.badStock}`}</title>
              {series.map((s, i) => {
                const h = (Math.max(0, day[s.key]) / max) * (height - 8);
                return <rect key={s.key} x={i * (bar + 1)} y={height - h} width={bar} height={h} fill={s.color} />;
              })}
              {index % Math.ceil(chart.length / 8) === 0 ? (
                <text x={0} y={height + 14} fontSize={10} fill="var(--mantine-color-gray-7)">
                  {day.day.slice(5)}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
      </Box>
    </Box>
  );
}
