import { Button, Group, type OptionsFilter, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserShield } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { getSession, storeAuthToken, storeRpafStatus, storeUser, useSession } from '../../../lib/session.ts';
import { localKeys } from '../../../lib/storage-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { endImpersonation, fetchSessionUser, impersonateCustomer, useAgentCustomers } from '../api.ts';

function clearGlobalAddress() {
  localStorage.removeItem(localKeys.globalAddress);
  localStorage.removeItem(localKeys.globalCoordinates);
}

function errorMessage(error: unknown) {
  return error instanceof ApiError ? error.message : String(error);
}

/**
 * Spec 1 §4 agent impersonation. Renders nothing unless the session belongs to an agent. Otherwise: a searchable
 * list of the agent's customers; choosing one acts as that customer. While acting, it names the customer and offers
 * AGENT ACCOUNT, which returns to the agent's own account.
 */
export function AgentSwitcher() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const actingForName =
    session.impersonating && session.user ? `${session.user.first_name} ${session.user.last_name}` : null;
  // While a customer is chosen the search box shows its name; search then lists everyone again.
  const query = debouncedSearch === actingForName ? '' : debouncedSearch;
  const customers = useAgentCustomers(query, session.agentToken);

  const actingForId = session.impersonating && session.user ? String(session.user.id) : null;
  const options = useMemo(() => {
    const list = (customers.data?.items ?? []).map((customer) => ({
      value: String(customer.id),
      label: customer.name,
    }));
    // The customer being acted for stays in the data even when the current search does not list it, so the
    // field can show its name (the filter below keeps it out of the list).
    if (actingForId && actingForName && !list.some((option) => option.value === actingForId)) {
      list.push({ value: actingForId, label: actingForName });
    }
    return list;
  }, [customers.data, actingForId, actingForName]);
  const answeredIds = useMemo(
    () => new Set((customers.data?.items ?? []).map((customer) => String(customer.id))),
    [customers.data],
  );
  // The server searches by name, email and phone: list exactly what it answered for the text in the box, never
  // filter again by the visible name (an email would match nothing). While that answer is still on its way the
  // list is empty ('Searching…'), so an earlier answer cannot be picked by mistake.
  const searching = search !== debouncedSearch || customers.isPlaceholderData || customers.isPending;
  const listServerAnswer: OptionsFilter = ({ options: all }) =>
    searching ? [] : all.filter((option) => 'value' in option && answeredIds.has(option.value));

  if (!session.agentToken) return null;
  const agentToken = session.agentToken;

  /** Loads the data of the user the new token names (and its BuildCredit status), clears cached answers, goes home. */
  const switchTo = async (token: string, expiresAt: string) => {
    const previous = getSession().impersonating ? getSession().token : null;
    storeAuthToken(token, expiresAt);
    clearGlobalAddress();
    const { user, rpafDetail } = await fetchSessionUser(token);
    storeUser(user);
    storeRpafStatus(rpafDetail);
    if (previous && previous !== token) endImpersonation(previous).catch(() => undefined);
    await queryClient.resetQueries();
    navigate('/');
  };

  const actAs = async (value: string | null) => {
    if (!value || value === actingForId) return;
    setBusy(true);
    try {
      const result = await impersonateCustomer(Number(value), agentToken);
      await switchTo(result.token, result.expiresAt);
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const backToAgent = async () => {
    setBusy(true);
    try {
      const expiresAt = localStorage.getItem(localKeys.agentExpiresAt) ?? new Date(Date.now() + 3600_000).toISOString();
      await switchTo(agentToken, expiresAt);
      setSearch('');
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap" align="center" py={6}>
      <Group gap={8} wrap="nowrap" align="center" w={{ base: '100%', xs: 'auto' }}>
        <Text component="label" htmlFor={inputId} size="sm" fw={600} c="inherit" style={{ whiteSpace: 'nowrap' }}>
          Act as customer
        </Text>
        <Select
          id={inputId}
          aria-label="Act as customer"
          placeholder="Search your customers"
          leftSection={<IconUserShield size={16} aria-hidden />}
          searchable
          clearable={false}
          data={options}
          filter={listServerAnswer}
          value={actingForId}
          onChange={actAs}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={searching ? 'Searching…' : 'No customers found'}
          disabled={busy}
          size="sm"
          style={{ flex: 1 }}
          w={{ base: 'auto', xs: 240 }}
          comboboxProps={{ withinPortal: true, zIndex: 3000 }}
        />
      </Group>
      {actingForName ? (
        <>
          <Text size="sm" fw={600} c="inherit" role="status">
            Acting for {actingForName}
          </Text>
          <Button size="compact-sm" variant="filled" onClick={backToAgent} loading={busy}>
            AGENT ACCOUNT
          </Button>
        </>
      ) : null}
    </Group>
  );
}
