import { Center, Loader, Text } from '@mantine/core';
import {
  IconBuildingStore,
  IconBuildingWarehouse,
  IconChartBar,
  IconCreditCard,
  IconFileImport,
  IconIdBadge2,
  IconMessages,
  IconReceipt2,
  IconShoppingCart,
  IconVocabulary,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@tibay/contract';
import { useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { StaffShell } from '../../components/staff-shell.tsx';
import { toast } from '../../lib/toast.ts';
import { adminKeys, onAdminUnauthorized, useAdminLogout, useAdminSession } from './api.ts';

/**
 * The admin menu (spec 3 §2.1 "the sidebar (Dashboard, Sales, Purchasing, Inventory)", then the later pages), in
 * labelled sections so a long menu reads as a few groups (a heading and a list each, at every width).
 */
export const adminMenuSections = [
  {
    label: 'Overview',
    links: [{ to: '/admin-v2/dashboard', label: 'Dashboard', icon: IconChartBar }],
  },
  {
    label: 'Orders and stock',
    links: [
      { to: '/admin-v2/sales', label: 'Sales', icon: IconReceipt2 },
      { to: '/admin-v2/sales-import', label: 'Sales import', icon: IconFileImport },
      { to: '/admin-v2/purchasing', label: 'Purchasing', icon: IconShoppingCart },
      { to: '/admin-v2/inventory', label: 'Inventory', icon: IconBuildingWarehouse },
    ],
  },
  {
    label: 'Customers',
    links: [
      { to: '/admin-v2/support', label: 'Support', icon: IconMessages },
      { to: '/admin-v2/profiles', label: 'Profiles', icon: IconIdBadge2 },
      { to: '/admin-v2/buildcredit', label: 'BuildCredit', icon: IconCreditCard },
      { to: '/admin-v2/credit-payments', label: 'Credit payments', icon: IconCreditCard },
    ],
  },
  {
    label: 'Sellers and site',
    links: [
      { to: '/admin-v2/seller-registrations', label: 'Seller registrations', icon: IconBuildingStore },
      { to: '/admin-v2/search-synonyms', label: 'Search synonyms', icon: IconVocabulary },
    ],
  },
] as const;

/**
 * The /admin-v2 frame. Every admin page first asks whether the admin session cookie is valid; without one it
 * shows 'Not Authorized!' (spec 3 §4) and goes to the admin login, which comes back to this page after signing in
 * (decision 0015) — also when the session ends while a page is open.
 */
export default function AdminLayout() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const logout = useAdminLogout();
  const refused = useRef(false);

  useEffect(() => {
    const refuse = () => {
      if (refused.current) return;
      refused.current = true;
      client.removeQueries({ queryKey: adminKeys.all });
      toast(adminMessages.notAuthorized, 'error');
      const here = `${window.location.pathname}${window.location.search}`;
      navigate(`/admin-v2/login?returnUrl=${encodeURIComponent(here)}`, { replace: true });
    };
    const stop = onAdminUnauthorized(refuse);
    if (session.data && !session.data.valid) refuse();
    return () => {
      stop();
    };
  }, [session.data, client, navigate]);

  // The cookie lasts 2 hours: check again when it is due to end.
  useEffect(() => {
    const expiresAt = session.data?.expires_at;
    if (!expiresAt) return;
    const wait = new Date(expiresAt).getTime() - Date.now() + 1000;
    const timer = setTimeout(() => void session.refetch(), Math.max(0, Math.min(wait, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [session.data?.expires_at, session.refetch]);

  if (session.isPending || (session.data && !session.data.valid)) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Loading..." />
      </Center>
    );
  }
  if (session.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Text c="red" role="alert">
          {session.error.message}
        </Text>
      </Center>
    );
  }

  const signOut = () => {
    // Leaving on purpose: the ended session must not be taken for a refusal.
    refused.current = true;
    logout.mutate(undefined, { onSettled: () => navigate('/admin-v2/login', { replace: true }) });
  };

  return (
    <StaffShell
      site="Admin"
      homeTo="/admin-v2"
      navbarWidth={230}
      account={
        <Text size="sm" fw={600} truncate maw={260} visibleFrom="sm" title={session.data.admin?.email}>
          {session.data.admin?.name}
        </Text>
      }
      onLogout={signOut}
      logoutPending={logout.isPending}
      sections={adminMenuSections}
      menuLabel="Admin menu"
    >
      <Outlet />
    </StaffShell>
  );
}
