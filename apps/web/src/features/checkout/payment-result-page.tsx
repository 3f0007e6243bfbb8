import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { messages, paymentResultOf } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { checkoutKeys, fetchOrderStatus } from './api.ts';
import { readActiveReference, setActiveReference } from './checkout-storage.ts';

/** Spec 2 §9: the payment result poll. */
const pollMs = 3000;

type Result = 'success' | 'waiting' | 'cancelled';

const views: Record<Result, { title: string; subtitle: string; color: string; icon: React.ReactNode }> = {
  waiting: {
    title: 'WAITING FOR PAYMENT',
    subtitle: 'PLEASE COMPLETE YOUR PAYMENT',
    color: 'yellow',
    icon: <IconClockHour4 size={44} aria-hidden />,
  },
  success: {
    title: 'PAYMENT SUCCESSFUL',
    subtitle: 'PLEASE STANDBY FOR PREPARATION',
    color: 'green',
    icon: <IconCircleCheck size={44} aria-hidden />,
  },
  cancelled: {
    title: 'PAYMENT CANCELLED',
    subtitle: 'YOUR PAYMENT WAS NOT PROCESSED',
    color: 'red',
    icon: <IconCircleX size={44} aria-hidden />,
  },
};

/**
 * /payment/web-hooks?ref= (reached 3 s after the gateway opened) and the order payment result page
 * /payment/:status?ref= (spec 2 §2 "Gateway return pages", §4 "Order payment result"): the order's status is
 * polled every 3 seconds; Verified and the cancelled states stop the polling. The web-hooks page moves to the
 * result page once the payment has an outcome.
 */
export default function PaymentResultPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const reference = params.get('ref')?.trim() ?? '';
  if (!session.token) {
    const here = `${window.location.pathname}${window.location.search}`;
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(here)}`} replace />;
  }
  if (!reference) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title={messages.orderNotFound}>
          <Anchor component={Link} to="/">
            Back to home
          </Anchor>
        </Alert>
      </Container>
    );
  }
  return <PaymentResult reference={reference} />;
}

function PaymentResult({ reference }: { reference: string }) {
  const navigate = useNavigate();
  const { status: statusParam } = useParams();
  const status = useQuery({
    queryKey: checkoutKeys.orderStatus(reference),
    queryFn: ({ signal }) => fetchOrderStatus(reference, signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (query.state.error && (query.state.error as { status?: number }).status === 404) return false;
      return !data || paymentResultOf(data.status) === 'waiting' ? pollMs : false;
    },
    refetchIntervalInBackground: true,
    retry: false,
  });
  const result: Result = status.data ? paymentResultOf(status.data.status) : 'waiting';
  // The stored summary of this order (for VIEW ORDER), kept across the move from the web-hooks page.
  const location = useLocation();
  const [summaryKey] = useState<string | null>(() => {
    const fromState = (location.state as { summaryKey?: unknown } | null)?.summaryKey;
    if (typeof fromState === 'string') return fromState;
    const active = readActiveReference();
    return active?.reference === reference ? active.summaryKey : null;
  });

  useEffect(() => {
    if (result === 'waiting') return;
    // The payment has an outcome: the checkout page stops watching it.
    if (readActiveReference()?.reference === reference) setActiveReference(null);
    if (statusParam !== result) {
      navigate(`/payment/${result}?ref=${encodeURIComponent(reference)}`, { replace: true, state: { summaryKey } });
    }
  }, [result, reference, statusParam, navigate, summaryKey]);

  const view = views[result];
  const notFound = status.error && (status.error as { status?: number }).status === 404;
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={72} radius="xl" color={view.color} variant="light">
            {view.icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {view.title}
          </Title>
          <Text fw={600} c="dimmed">
            {view.subtitle}
          </Text>
          <Text fz="sm">
            Order number: <strong>{reference}</strong>
          </Text>
          {result === 'waiting' ? (
            <Group gap="xs" justify="center" role="status">
              <Loader size="xs" />
              <Text fz="sm" c="dimmed">
                Checking your payment…
              </Text>
            </Group>
          ) : null}
          {status.error ? (
            <Alert color="red" role="alert" w="100%">
              {notFound ? messages.orderNotFound : status.error.message}
            </Alert>
          ) : null}
          <Group justify="center" gap="sm" mt="sm">
            {result === 'success' && summaryKey ? (
              <Button component={Link} to={`/confirmpayment?key=${encodeURIComponent(summaryKey)}`}>
                VIEW ORDER
              </Button>
            ) : null}
            <Button component={Link} to="/shopbyseller?page=1" variant={result === 'success' ? 'outline' : 'filled'}>
              CONTINUE SHOPPING
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
