import {
  Alert,
  Badge,
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
import type { ProfileReviewRow } from '@tibay/contract';
import { useState } from 'react';
import { PagePagination } from '../../components/page-pagination.tsx';
import { manilaTime } from '../../lib/order-labels.ts';
import { type ProfileReviewFilters, useProfilesToReview } from './api.ts';
import { ProfileDialog } from './profile-dialog.tsx';

const statusChoices = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
];

function StatusBadge({ status }: { status: ProfileReviewRow['verification_status'] }) {
  return (
    <Badge color={status === 'VERIFIED' ? 'green' : 'yellow'} style={{ flexShrink: 0, overflow: 'visible' }}>
      {status}
    </Badge>
  );
}

function OpenButton({ row, onOpen }: { row: ProfileReviewRow; onOpen: (id: number) => void }) {
  return (
    <Button size="xs" variant="light" onClick={() => onOpen(row.id)} aria-label={`Open ${row.name}`}>
      OPEN
    </Button>
  );
}

/**
 * /admin-v2/profiles: customers whose face capture, signature or BIR 2303 are on record, pending first (newest
 * update first). Opening one shows the files; VERIFY marks the profile VERIFIED (decision 0032).
 */
export default function ProfileReviewPage() {
  const [status, setStatus] = useState<ProfileReviewFilters['status']>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const profiles = useProfilesToReview({ status, q: debouncedQ, page });

  const empty = debouncedQ
    ? 'No profiles match your search.'
    : status === 'verified'
      ? 'No profiles are verified yet.'
      : 'No profiles are waiting for review.';

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        Profiles
      </Title>
      <Text size="sm">Check each customer's face capture, signature and BIR 2303, then mark the profile VERIFIED.</Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or email"
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
            setStatus(event.currentTarget.value as ProfileReviewFilters['status']);
            setPage(1);
          }}
        />
      </Group>
      {profiles.isPending ? (
        <Skeleton h={160} aria-label="Loading..." />
      ) : profiles.isError ? (
        <Alert color="red" role="alert">
          {profiles.error.message}
        </Alert>
      ) : profiles.data.items.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table striped highlightOnHover aria-label="Profiles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>User type</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Review</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {profiles.data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                    <Table.Td>{row.type}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={row.verification_status} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{manilaTime(row.updated_at)}</Table.Td>
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
            aria-label="Profiles"
          >
            {profiles.data.items.map((row) => (
              <Card key={row.id} withBorder padding="sm" component="li">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{row.name}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.type} · updated {manilaTime(row.updated_at)}
                    </Text>
                  </Stack>
                  <StatusBadge status={row.verification_status} />
                </Group>
                <Group justify="flex-end" mt="xs">
                  <OpenButton row={row} onOpen={setOpenId} />
                </Group>
              </Card>
            ))}
          </Stack>
          <PagePagination page={page} totalPages={profiles.data.totalPages} onChange={setPage} />
        </>
      )}
      <ProfileDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
