import { Anchor, Box, Button, Group, Paper, Text } from '@mantine/core';
import { formatPeso } from '@tibay/contract';

interface Props {
  /** The grand total in centavos; undefined while the preview loads. */
  grandTotal: number | undefined;
  paying: boolean;
  onPay: () => void;
}

function payLabel(grandTotal: number | undefined) {
  return `PAY${grandTotal === undefined ? '' : ` ${formatPeso(grandTotal)}`}`;
}

/** The PAY box at the top of the summary column on wide screens; it stays in view while the page scrolls. */
export function PayBox({ grandTotal, paying, onPay }: Props) {
  return (
    <Paper withBorder radius="md" p="md" visibleFrom="md">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>Grand total</Text>
        <Text fw={700} fz="lg">
          {grandTotal === undefined ? '…' : formatPeso(grandTotal)}
        </Text>
      </Group>
      <Button size="md" fullWidth onClick={onPay} loading={paying} disabled={grandTotal === undefined}>
        {payLabel(grandTotal)}
      </Button>
    </Paper>
  );
}

/** The height the phone's PAY bar takes at the bottom of the screen (the page leaves this much room). */
export const phonePayBarHeight = 72;

/**
 * On phones PAY sits in a bar fixed to the bottom of the screen, so it never hides below the methods. The right
 * end leaves room for the chat bubble of the page frame.
 */
export function PhonePayBar({ grandTotal, paying, onPay }: Props) {
  return (
    <Box
      hiddenFrom="md"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      h={phonePayBarHeight}
      bg="white"
      px="sm"
      pr={84}
      style={{
        zIndex: 150,
        borderTop: '1px solid var(--mantine-color-gray-3)',
        boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.08)',
        display: 'flex',
        alignItems: 'center',
        paddingBottom: 'env(safe-area-inset-bottom)',
      }}
      role="region"
      aria-label="Pay"
    >
      <Group gap="xs" wrap="nowrap" w="100%">
        <Anchor href="#order-summary" fz="xs" style={{ flex: 'none' }}>
          Summary
        </Anchor>
        <Button size="md" style={{ flex: 1 }} onClick={onPay} loading={paying} disabled={grandTotal === undefined}>
          {payLabel(grandTotal)}
        </Button>
      </Group>
    </Box>
  );
}
