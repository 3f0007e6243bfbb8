import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { type CheckoutPreviewResponse, formatPeso, messages } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { checkVoucher, useSuggestedVouchers } from './api.ts';

/** The payment step's vouchers: the suggested ones (USE) and a code field (APPLY); spec 2 §8 messages. */
export function Vouchers({
  cartItemIds,
  applied,
  onApply,
}: {
  cartItemIds: number[];
  applied: CheckoutPreviewResponse['voucher'];
  onApply: (code: string | null) => void;
}) {
  const suggested = useSuggestedVouchers();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function apply(value: string) {
    const trimmed = value.trim();
    if (!trimmed) return setError('Please enter a voucher code.');
    setChecking(trimmed);
    setError(null);
    try {
      const result = await checkVoucher(trimmed, cartItemIds);
      toast(result.message, 'success');
      onApply(result.voucher.code);
      setCode(result.voucher.code);
    } catch (err) {
      // Spec 2 §8: the server's text is shown and the discount goes back to 0.
      const message = err instanceof ApiError ? err.message : messages.serverError;
      toast(message, 'error');
      setError(message);
      onApply(null);
    } finally {
      setChecking(null);
    }
  }

  const vouchers = suggested.data?.vouchers ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="vouchers">
      <Title order={2} id="vouchers" fz="lg" mb="sm">
        Vouchers
      </Title>
      {suggested.isPending ? <Skeleton h={48} mb="sm" /> : null}
      {vouchers.length > 0 ? (
        <Stack gap="xs" mb="sm" aria-label="Suggested vouchers">
          {vouchers.map((v) => (
            <Group
              key={v.id}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              p="xs"
              style={{ border: '1px dashed var(--mantine-color-brand-4)', borderRadius: 8 }}
            >
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconTicket size={20} color="var(--mantine-color-brand-6)" aria-hidden style={{ flex: 'none' }} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={700} fz="sm">
                    {v.code}
                  </Text>
                  <Text fz="xs" c="dimmed" lineClamp={2}>
                    {v.description}
                    {v.min_spend > 0 ? ` · Min. spend ${formatPeso(v.min_spend)}` : ''}
                  </Text>
                </Stack>
              </Group>
              {applied?.code === v.code ? (
                <Badge color="green" variant="light" style={{ flex: 'none' }}>
                  Applied
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  style={{ flex: 'none' }}
                  loading={checking === v.code}
                  onClick={() => apply(v.code)}
                  aria-label={`Use voucher ${v.code}`}
                >
                  USE
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void apply(code);
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Voucher code"
            placeholder="Enter a voucher code"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(null);
            }}
            error={Boolean(error)}
            aria-describedby={error ? 'voucher-error' : undefined}
            maxLength={50}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="outline" loading={checking !== null && checking === code.trim()}>
            APPLY
          </Button>
        </Group>
        {error ? (
          <Text id="voucher-error" c="red.8" fz="xs" mt={4}>
            {error}
          </Text>
        ) : null}
      </form>
      {applied ? (
        <Group justify="space-between" mt="xs" gap="xs">
          <Text fz="sm" c="green.8">
            {applied.code}: -{formatPeso(applied.discount)}
          </Text>
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => {
              onApply(null);
              setCode('');
            }}
          >
            Remove voucher
          </Anchor>
        </Group>
      ) : null}
    </Paper>
  );
}
