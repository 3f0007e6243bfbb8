import { Menu, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconDevices, IconLogout, IconReceipt, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { endServerSession } from '../../lib/server-logout.ts';
import { clearSession, useSession } from '../../lib/session.ts';
import { AccountBadge, accountButtonStyle } from './account-badge.tsx';

/**
 * The logged-in profile dropdown: Go to Profile, Orders, Sign up as seller, Logout (spec 1 Header). Loaded after
 * the first paint by SiteHeader.
 */
export default function AccountMenu({ opened, onChange }: { opened: boolean; onChange: (opened: boolean) => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const name = session.userName ?? 'My account';
  const logout = () => {
    // While an agent acts for a customer, the server ends the agent's own session with this one.
    endServerSession(session.token);
    clearSession();
    navigate('/login');
  };
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <UnstyledButton style={accountButtonStyle}>
          <AccountBadge name={name} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item
          component={Link}
          to={`/profile/${session.userId ?? ''}`}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          Go to Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/Order?filter=ALL" leftSection={<IconReceipt size={16} aria-hidden />}>
          Orders
        </Menu.Item>
        <Menu.Item component={Link} to="/account/sessions" leftSection={<IconDevices size={16} aria-hidden />}>
          Signed-in devices
        </Menu.Item>
        <Menu.Item component={Link} to="/seller" leftSection={<IconBuildingStore size={16} aria-hidden />}>
          Sign up as seller
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout} leftSection={<IconLogout size={16} aria-hidden />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
