import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { InventoryTransfer } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useLastShown } from '../../lib/use-last-shown.ts';
import { useDecideTransfer, useTransfers } from './api.ts';
import { InventoryNav } from './inventory-nav.tsx';
import { TransferResultModal } from './transfer-parts.tsx';
import { TransfersTable } from './transfers-table.tsx';

/**
 * Inventory Transfer Approvals (spec 3 §2.4, §4, §8; /inventory-approval and /admin-v2/inventory/approvals): the
 * transfers with their lines nested; Approve and Reject (after confirming) only on Pending rows; 'Transfer has been
 * approved.' (also for a rejection, spec 3 §8) and the result modal. A refusal shows the server's message.
 */
export default function ApprovalPage() {
  const [show, setShow] = useState<'Pending' | 'ALL'>('Pending');
  const transfers = useTransfers(show);
  const decide = useDecideTransfer();
  const [rejecting, setRejecting] = useState<InventoryTransfer | null>(null);
  const rejected = useLastShown(rejecting);
  const [result, setResult] = useState<InventoryTransfer | null>(null);
  // The result dialog keeps its title while it closes.
  const decided = useLastShown(result);
  const [problem, setProblem] = useState<string | null>(null);

  const act = async (transfer: InventoryTransfer, status: 'Approved' | 'Reject') => {
    setProblem(null);
    try {
      const answer = await decide.mutateAsync({ id: transfer.id, status });
      toast(answer.message, 'success');
      setResult(answer.result);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setProblem(`Transfer ${transfer.id}: ${caught.message}`);
      toast(caught.message, 'error');
    }
    setRejecting(null);
  };

  return (
    <Stack gap="md" maw={1200}>
      <InventoryNav />
      <Title order={1} size="h2">
        Inventory Transfer Approvals
      </Title>
      <Radio.Group label="Show" value={show} onChange={(value) => setShow(value as 'Pending' | 'ALL')}>
        <Group gap="md" mt={4}>
          <Radio value="Pending" label="Pending transfers" />
          <Radio value="ALL" label="All transfers" />
        </Group>
      </Radio.Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      {transfers.isPending ? (
        <Stack gap="xs" aria-label="Loading...">
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : transfers.isError ? (
        <Text c="red" role="alert">
          {transfers.error.message}
        </Text>
      ) : transfers.data.results.length === 0 ? (
        <Text c="dimmed">{show === 'Pending' ? 'No transfers are waiting for approval.' : 'No transfers yet.'}</Text>
      ) : (
        <TransfersTable
          transfers={transfers.data.results}
          label="Inventory transfers"
          action={(transfer) =>
            transfer.approval_status === 'Pending' ? (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  color="green.9"
                  aria-label={`Approve transfer ${transfer.id}`}
                  loading={
                    decide.isPending && decide.variables?.id === transfer.id && decide.variables.status === 'Approved'
                  }
                  disabled={decide.isPending}
                  onClick={() => act(transfer, 'Approved')}
                >
                  Approve
                </Button>
                <Button
                  size="xs"
                  color="red.9"
                  variant="light"
                  aria-label={`Reject transfer ${transfer.id}`}
                  disabled={decide.isPending}
                  onClick={() => setRejecting(transfer)}
                >
                  Reject
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {transfer.approval_status}
              </Text>
            )
          }
        />
      )}
      <Modal
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title="Reject transfer"
        centered
      >
        <Stack>
          <Text>
            Reject transfer <b>{rejected?.id}</b> from {rejected?.source_seller.company_name} to{' '}
            {rejected?.target_seller.company_name}? No stock will move.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              Back
            </Button>
            <Button color="red.9" loading={decide.isPending} onClick={() => rejecting && act(rejecting, 'Reject')}>
              Reject transfer
            </Button>
          </Group>
        </Stack>
      </Modal>
      <TransferResultModal
        transfer={result}
        title={decided?.approval_status === 'Reject' ? 'Rejected' : (decided?.approval_status ?? '')}
        onClose={() => setResult(null)}
      />
    </Stack>
  );
}
