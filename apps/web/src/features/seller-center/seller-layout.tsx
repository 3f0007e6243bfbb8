import { Skeleton, Text } from '@mantine/core';
import { IconBuildingStore, IconMessages, IconPackage, IconReceipt } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { StaffShell } from '../../components/staff-shell.tsx';
import { endServerSession } from '../../lib/server-logout.ts';
import { sellerKeys, useSellerMe } from './api.ts';
import { clearSellerSession, useSellerToken } from './seller-session.ts';

/** The seller site's own frame (not the buyer's): header with the shop and Logout, a side menu. */
export default function SellerLayout() {
  const token = useSellerToken();
  const navigate = useNavigate();
  const client = useQueryClient();
  const me = useSellerMe(Boolean(token));

  if (!token) return <Navigate to="/seller-center/login" replace />;

  const logout = () => {
    endServerSession(token);
    clearSellerSession();
    client.removeQueries({ queryKey: sellerKeys.all });
    navigate('/seller-center/login', { replace: true });
  };

  const links = [
    { to: '/seller-center/products', label: 'Products', icon: IconPackage },
    { to: '/seller-center/orders', label: 'Orders', icon: IconReceipt },
    { to: '/seller-center/messages', label: 'Messages', icon: IconMessages },
    { to: '/seller-center/shop', label: 'Shop profile', icon: IconBuildingStore },
  ];

  return (
    <StaffShell
      site="Seller Center"
      homeTo="/seller-center/products"
      navbarWidth={220}
      account={
        me.data ? (
          <Text size="sm" fw={600} truncate maw={260} title={me.data.shop.name} visibleFrom="sm">
            {me.data.shop.name}
          </Text>
        ) : (
          me.isPending && <Skeleton h={14} w={120} visibleFrom="sm" />
        )
      }
      onLogout={logout}
      links={links}
      menuTop={
        me.data && (
          <Text size="sm" fw={700} px="sm" pb="xs" hiddenFrom="sm">
            {me.data.shop.name}
          </Text>
        )
      }
      menuLabel="Seller Center"
    >
      {me.isError ? (
        <Text c="red" role="alert">
          {me.error.message}
        </Text>
      ) : (
        <Outlet />
      )}
    </StaffShell>
  );
}
