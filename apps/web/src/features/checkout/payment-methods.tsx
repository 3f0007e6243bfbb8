import { List, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type CheckoutPreviewResponse, formatPeso2, type PaymentMethodCode, paymentMethods } from '@tibay/contract';

type Method = CheckoutPreviewResponse['payment_methods'][number];

/** Available methods first (in the spec's order), then the unavailable ones. */
export function splitByAvailability(methods: readonly Method[]) {
  return {
    available: methods.filter((m) => m.available),
    unavailable: methods.filter((m) => !m.available),
  };
}

interface Props {
  preview: CheckoutPreviewResponse | undefined;
  value: PaymentMethodCode | null;
  error?: string;
  onChange: (code: PaymentMethodCode) => void;
}

/**
 * The payment methods of the payment step: the ones that can pay this order as a radio group, then the ones that
 * cannot, listed apart with the reason (spec 2 §5 availability rules), so the choices come first on a phone.
 */
export function PaymentMethods({ preview, value, error, onChange }: Props) {
  if (!preview) {
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
        <Stack gap="xs" aria-label="Loading the payment methods">
          <Skeleton h={24} w="40%" />
          {paymentMethods.slice(0, 6).map((m) => (
            <Skeleton key={m.code} h={40} />
          ))}
        </Stack>
      </Paper>
    );
  }
  const balances: Partial<Record<PaymentMethodCode, number | null>> = {
    build_credit: preview.credit.build_credit,
    hardware_credit: preview.credit.hardware_credit,
    yield: preview.credit.yield,
  };
  const { available, unavailable } = splitByAvailability(preview.payment_methods);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Radio.Group
        label="Payment method"
        labelProps={{ fz: 'lg', fw: 700 }}
        value={value}
        onChange={(v) => onChange(v as PaymentMethodCode)}
        error={error}
      >
        <SimpleGrid cols={2} spacing="xs" mt="xs">
          {available.map((m) => {
            const balance = balances[m.code];
            return (
              <Paper key={m.code} withBorder radius="sm" px="sm" py={8} bg={value === m.code ? 'brand.0' : undefined}>
                <Radio
                  value={m.code}
                  label={m.label}
                  description={m.code in balances && balance != null ? `Balance: ${formatPeso2(balance)}` : undefined}
                />
              </Paper>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      {unavailable.length > 0 ? (
        <Stack gap={6} mt="md" component="section" aria-labelledby="unavailable-methods">
          <Title order={3} id="unavailable-methods" fz="sm" fw={700} c="dimmed" tt="uppercase">
            Not available for this order
          </Title>
          <List spacing={4} listStyleType="none" fz="sm">
            {unavailable.map((m) => (
              <List.Item key={m.code}>
                <Text span fz="sm" fw={600} c="gray.7">
                  {m.label}
                </Text>
                <Text span fz="xs" c="gray.7">
                  {' '}
                  · {m.reason ?? 'Not available for this total'}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Paper>
  );
}
