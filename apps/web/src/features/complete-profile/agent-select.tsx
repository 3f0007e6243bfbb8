import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProfileDetail } from '@tibay/contract';
import { useMemo, useState } from 'react';
import { useAgents } from './api.ts';

/** The Buyer's agent selector (complete profile and profile page): agents by name from GET /agents, optional. */
export function AgentSelect({
  label,
  value,
  onChange,
  initial,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  initial: ProfileDetail['agent'];
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const agents = useAgents(debounced.trim(), true);
  const data = useMemo(() => {
    const options = new Map<string, string>();
    if (initial) options.set(String(initial.id), initial.name);
    for (const agent of agents.data?.items ?? []) options.set(String(agent.id), agent.name);
    return [...options].map(([id, name]) => ({ value: id, label: name }));
  }, [agents.data, initial]);
  return (
    <Select
      label={label}
      description="Optional: the sales agent who helps you order."
      placeholder="Search agents by name"
      searchable
      clearable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={agents.isFetching ? 'Searching...' : 'No agent found'}
      filter={({ options }) => options}
      error={error}
    />
  );
}
