import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTransfers } from './api.ts';
import { TransfersTable } from './transfers-table.tsx';

/** Spec 3 §2.4 "A list of pending transfers is loaded" (status 'Pending', spec 3 §9). */
export function PendingTransfers() {
  const pending = useTransfers('Pending');
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Pending transfers
        </Title>
        {pending.isPending ? (
          <Skeleton h={60} aria-label="Loading..." />
        ) : pending.isError ? (
          <Text c="red" role="alert">
            {pending.error.message}
          </Text>
        ) : pending.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            No transfers are waiting for approval.
          </Text>
        ) : (
          <TransfersTable transfers={pending.data.results} label="Pending transfers" />
        )}
      </Stack>
    </Paper>
  );
}
