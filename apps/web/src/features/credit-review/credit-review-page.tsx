import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { CreditReviewRow } from '@tibay/contract';
import { useState } from 'react';
import { PagePagination } from '../../components/page-pagination.tsx';
import { manilaTime } from '../../lib/order-labels.ts';
import { type CreditReviewFilters, useCreditQueue } from './api.ts';
import { ApplicationDialog } from './application-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

const statusChoices = [
  { value: 'pending', label: 'Pending' },
  { value: 'draft', label: 'Draft (documents asked)' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

const limit = (pesos: number | null) => (pesos ? `₱${pesos.toLocaleString('en-PH')}.00` : '—');

function OpenButton({ row, onOpen }: { row: CreditReviewRow; onOpen: (id: number) => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => onOpen(row.id)}
      aria-label={`Open ${row.company_name || row.name}`}
    >
      OPEN
    </Button>
  );
}

/**
 * /admin-v2/buildcredit: BuildCredit applications, oldest submitted first; open one to see every field and file and
 * approve (creates or raises the buyer's line), reject, or ask for more documents (decision 0038).
 */
export default function CreditReviewPage() {
  const [status, setStatus] = useState<CreditReviewFilters['status']>('pending');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const queue = useCreditQueue({ status, q: debouncedQ, page });
  const empty = debouncedQ ? 'No applications match your search.' : 'No applications here.';

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        BuildCredit applications
      </Title>
      <Text size="sm">
        Review submitted applications, then approve a credit line, reject, or ask for more documents.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Buyer, email or company"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(event) => {
            setQ(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          label="Status"
          data={statusChoices}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as CreditReviewFilters['status']);
            setPage(1);
          }}
        />
      </Group>
      {queue.isPending ? (
        <Skeleton h={160} aria-label="Loading..." />
      ) : queue.isError ? (
        <Alert color="red" role="alert">
          {queue.error.message}
        </Alert>
      ) : queue.data.items.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720} visibleFrom="sm">
            <Table striped highlightOnHover aria-label="BuildCredit applications">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Credit limit</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Review</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queue.data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.company_name || '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {row.name}
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{limit(row.credit_limit)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {row.submitted_at ? manilaTime(row.submitted_at) : '—'}
                    </Table.Td>
                    <Table.Td>
                      <OpenButton row={row} onOpen={setOpenId} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack
            gap="xs"
            hiddenFrom="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="BuildCredit applications"
          >
            {queue.data.items.map((row) => (
              <Card key={row.id} withBorder padding="sm" component="li">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{row.company_name || row.name}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.name} · {row.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {limit(row.credit_limit)} · submitted {row.submitted_at ? manilaTime(row.submitted_at) : '—'}
                    </Text>
                  </Stack>
                  <StatusBadge status={row.status} />
                </Group>
                <Group justify="flex-end" mt="xs">
                  <OpenButton row={row} onOpen={setOpenId} />
                </Group>
              </Card>
            ))}
          </Stack>
          <PagePagination page={page} totalPages={queue.data.totalPages} onChange={setPage} />
        </>
      )}
      <ApplicationDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
