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
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { SellerRegistrationRow } from '@tibay/contract';
import { useState } from 'react';
import { PagePagination } from '../../components/page-pagination.tsx';
import { manilaTime } from '../../lib/order-labels.ts';
import { type RegistrationFilters, useRegistrations } from './api.ts';
import { RegistrationDialog, RegistrationStatusBadge } from './registration-dialog.tsx';

const statusChoices = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

function OpenButton({ row, onOpen }: { row: SellerRegistrationRow; onOpen: (id: number) => void }) {
  return (
    <Button size="xs" variant="light" onClick={() => onOpen(row.id)} aria-label={`Open ${row.company_name}`}>
      OPEN
    </Button>
  );
}

/** /admin-v2/seller-registrations: the queue (oldest pending first); open one to approve or reject it. */
export default function RegistrationsPage() {
  const [status, setStatus] = useState<RegistrationFilters['status']>('pending');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useRegistrations({ status, page });

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        Seller registrations
      </Title>
      <Text size="sm">
        Companies that signed up as sellers. Check each one's logo, details, rates and location, then approve or reject
        it.
      </Text>
      <Group>
        <NativeSelect
          label="Status"
          data={statusChoices}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as RegistrationFilters['status']);
            setPage(1);
          }}
        />
      </Group>
      {list.isPending ? (
        <Skeleton h={160} aria-label="Loading..." />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text>{status === 'pending' ? 'No registrations are waiting for approval.' : 'No registrations here.'}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table striped highlightOnHover aria-label="Seller registrations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Registered</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Review</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.company_name}</Table.Td>
                    <Table.Td>{row.owner}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                    <Table.Td>
                      <RegistrationStatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{manilaTime(row.created_at)}</Table.Td>
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
            aria-label="Seller registrations"
          >
            {list.data.items.map((row) => (
              <Card key={row.id} withBorder padding="sm" component="li">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{row.company_name}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.owner} · {row.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Registered {manilaTime(row.created_at)}
                    </Text>
                  </Stack>
                  <RegistrationStatusBadge status={row.status} />
                </Group>
                <Group justify="flex-end" mt="xs">
                  <OpenButton row={row} onOpen={setOpenId} />
                </Group>
              </Card>
            ))}
          </Stack>
          <PagePagination page={page} totalPages={list.data.totalPages} onChange={setPage} />
        </>
      )}
      <RegistrationDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
