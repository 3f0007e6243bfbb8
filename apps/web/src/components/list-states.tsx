import { Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The states of a staff list around its rows: three skeleton rows while loading, the error as an alert, the
 * `empty` text when there are no items, else `children` with the loaded page.
 */
export function ListStates<D extends { items: unknown[] }>({
  query,
  rowHeight,
  empty,
  children,
}: {
  query: UseQueryResult<D>;
  rowHeight: number;
  empty: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading...">
        <Skeleton h={rowHeight} />
        <Skeleton h={rowHeight} />
        <Skeleton h={rowHeight} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Text c="red" role="alert">
        {query.error.message}
      </Text>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  }
  return children(query.data);
}
