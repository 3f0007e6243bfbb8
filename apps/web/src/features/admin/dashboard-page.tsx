import { Alert, Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatPeso2 } from '@tibay/contract';
import { Link } from 'react-router';
import { dayLabel } from '../../lib/order-labels.ts';
import { WaitingPanel } from '../back-office/index.ts';
import { OverdueCreditPanel } from '../credit-repayment/index.ts';
import { useAdminDashboard } from './api.ts';
import { SalesChart } from './sales-chart.tsx';

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 26 }} fw={700} mt={4} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/**
 * /admin-v2/dashboard: today's and this month's orders and sales (Asia/Manila days) and sales by day.
 * Sales leave out Denied, Cancelled, Payment Failed and Payment Expired orders. Below, what waits for the back office
 * (purchase orders to approve and to receive, with links) and the products running low.
 */
export default function DashboardPage() {
  const figures = useAdminDashboard();
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        Dashboard
      </Title>
      {figures.isPending ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} aria-label="Loading...">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={96} />
          ))}
        </SimpleGrid>
      ) : figures.isError ? (
        <Alert color="red" role="alert">
          {figures.error.message}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
            <Figure
              label="Orders today"
              value={String(figures.data.today.orders)}
              hint={dayLabel(figures.data.today.date)}
            />
            <Figure
              label="Sales today"
              value={formatPeso2(figures.data.today.sales)}
              hint={dayLabel(figures.data.today.date)}
            />
            <Figure
              label="Orders this month"
              value={String(figures.data.month.orders)}
              hint={dayLabel(`${figures.data.month.month}-01`, { month: 'long', year: 'numeric' })}
            />
            <Figure
              label="Sales this month"
              value={formatPeso2(figures.data.month.sales)}
              hint={dayLabel(`${figures.data.month.month}-01`, { month: 'long', year: 'numeric' })}
            />
          </SimpleGrid>
          {figures.data.refunds_due > 0 && (
            <Alert color="orange" title="Payments to refund">
              {figures.data.refunds_due === 1
                ? '1 payment came after its order had ended. '
                : `${figures.data.refunds_due} payments came after their orders had ended. `}
              <Anchor component={Link} to="/admin-v2/sales?payment_status=refund_due" fz="inherit">
                See the orders to refund
              </Anchor>
            </Alert>
          )}
          {figures.data.mails_undelivered > 0 && (
            <Alert color="orange" title="Mail not delivered">
              {figures.data.mails_undelivered === 1
                ? '1 mail could not be delivered after every try. '
                : `${figures.data.mails_undelivered} mails could not be delivered after every try. `}
              <Anchor component={Link} to="/admin-v2/undelivered-mail" fz="inherit">
                See the undelivered mail
              </Anchor>
            </Alert>
          )}
          <Card withBorder>
            <Title order={2} size="h4">
              Sales by day
            </Title>
            <Text size="xs" c="dimmed" mb="sm">
              Last 30 days, Philippine time. Denied, cancelled, failed and expired orders are not sales.
            </Text>
            <SalesChart daily={figures.data.daily} />
          </Card>
        </>
      )}
      <Stack gap="xs" component="section" aria-labelledby="back-office-waiting">
        <Title order={2} size="h4" id="back-office-waiting">
          Back office
        </Title>
        <WaitingPanel />
      </Stack>
      <OverdueCreditPanel />
    </Stack>
  );
}
