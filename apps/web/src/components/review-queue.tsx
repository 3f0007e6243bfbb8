import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
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
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { PagePagination } from './page-pagination.tsx';

/**
 * The admin-v2 review queues (Profiles, BuildCredit applications, Seller registrations): a status filter and an
 * optional search, a table at desktop width and cards on phones, OPEN on each row, pages, and the row's dialog.
 * Each queue says only what differs: its words, its columns, its card and its dialog.
 */

/** What a queue page keeps: the filters sent to the server (the search debounced) and the row that is open. */
export interface ReviewQueueState<S extends string> {
  status: S;
  setStatus: (status: S) => void;
  q: string;
  setQ: (q: string) => void;
  /** The filters for the list query: the search trimmed and debounced by 300 ms. */
  filters: { status: S; q: string; page: number };
  setPage: (page: number) => void;
  openId: number | null;
  open: (id: number) => void;
  close: () => void;
}

export function useReviewQueue<S extends string>(initialStatus: S): ReviewQueueState<S> {
  const [status, setStatusValue] = useState<S>(initialStatus);
  const [q, setQValue] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  return {
    status,
    // A new filter starts again at page 1.
    setStatus: (value) => {
      setStatusValue(value);
      setPage(1);
    },
    q,
    setQ: (value) => {
      setQValue(value);
      setPage(1);
    },
    filters: { status, q: debouncedQ, page },
    setPage,
    openId,
    open: setOpenId,
    close: () => setOpenId(null),
  };
}

export interface ReviewQueueColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  align?: 'right';
  /** Dates and amounts stay on one line; long text (emails) breaks anywhere. */
  wrap?: 'nowrap' | 'anywhere';
}

/** A row on a phone: the name in bold, then up to two lines under it. */
export interface ReviewQueueCard {
  title: ReactNode;
  detail: ReactNode;
  meta: ReactNode;
}

function OpenButton({ name, onOpen }: { name: string; onOpen: () => void }) {
  return (
    <Button size="xs" variant="light" onClick={onOpen} aria-label={`Open ${name}`}>
      OPEN
    </Button>
  );
}

const cellStyle = (wrap: ReviewQueueColumn<unknown>['wrap']) =>
  wrap === 'nowrap'
    ? { whiteSpace: 'nowrap' as const }
    : wrap === 'anywhere'
      ? { overflowWrap: 'anywhere' as const }
      : {};

export function ReviewQueue<R extends { id: number }, S extends string>(props: {
  title: string;
  intro: string;
  /** The table's and the phone list's accessible name. */
  listLabel: string;
  state: ReviewQueueState<S>;
  statusChoices: { value: S; label: string }[];
  /** With a placeholder, a Search field above the list (name, email...). */
  searchPlaceholder?: string;
  rows: UseQueryResult<{ items: R[]; totalPages: number }>;
  empty: string;
  columns: ReviewQueueColumn<R>[];
  tableMinWidth: number;
  card: (row: R) => ReviewQueueCard;
  badge: (row: R) => ReactNode;
  /** The name OPEN carries: "Open {name}". */
  nameOf: (row: R) => string;
  dialog: ReactNode;
}) {
  const { state, rows } = props;
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Text size="sm">{props.intro}</Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {props.searchPlaceholder ? (
          <TextInput
            label="Search"
            placeholder={props.searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={state.q}
            onChange={(event) => state.setQ(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
        ) : null}
        <NativeSelect
          label="Status"
          data={props.statusChoices}
          value={state.status}
          onChange={(event) => state.setStatus(event.currentTarget.value as S)}
        />
      </Group>
      {rows.isPending ? (
        <Skeleton h={160} aria-label="Loading..." />
      ) : rows.isError ? (
        <Alert color="red" role="alert">
          {rows.error.message}
        </Alert>
      ) : rows.data.items.length === 0 ? (
        <Text>{props.empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={props.tableMinWidth} visibleFrom="sm">
            <Table striped highlightOnHover aria-label={props.listLabel}>
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((column) => (
                    <Table.Th key={column.header} style={{ textAlign: column.align }}>
                      {column.header}
                    </Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>Review</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    {props.columns.map((column) => (
                      <Table.Td key={column.header} style={{ textAlign: column.align, ...cellStyle(column.wrap) }}>
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <OpenButton name={props.nameOf(row)} onOpen={() => state.open(row.id)} />
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
            aria-label={props.listLabel}
          >
            {rows.data.items.map((row) => {
              const card = props.card(row);
              return (
                <Card key={row.id} withBorder padding="sm" component="li">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>{card.title}</Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {card.detail}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {card.meta}
                      </Text>
                    </Stack>
                    {props.badge(row)}
                  </Group>
                  <Group justify="flex-end" mt="xs">
                    <OpenButton name={props.nameOf(row)} onOpen={() => state.open(row.id)} />
                  </Group>
                </Card>
              );
            })}
          </Stack>
          <PagePagination page={state.filters.page} totalPages={rows.data.totalPages} onChange={state.setPage} />
        </>
      )}
      {props.dialog}
    </Stack>
  );
}

/** A queue row's dialog: a skeleton while it loads, the error as an alert, else the loaded row. */
export function ReviewDialog<D>(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: string;
  query: UseQueryResult<D>;
  children: (data: D) => ReactNode;
}) {
  const { query } = props;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={props.size}>
      {query.isPending ? (
        <Skeleton h={320} aria-label="Loading..." />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : (
        props.children(query.data)
      )}
    </Modal>
  );
}

/**
 * A decision asked once more before it is sent: what it will do, Cancel, and the confirming button (VERIFY,
 * APPROVE... are confirmed here so a slip of the finger changes nothing).
 */
export function ConfirmDecision(props: {
  title: string;
  color: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Alert color={props.color} variant="light" title={props.title}>
      <Stack gap="sm">
        <Text size="sm">{props.children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
            Cancel
          </Button>
          <Button color={props.confirmColor ?? props.color} loading={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
