import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconLogout, IconReceipt, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { clearSession, useSession } from '../../lib/session.ts';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The logged-in profile dropdown: Go to Profile, Orders, Sign up as seller, Logout (spec 1 Header). */
export function AccountMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const name = session.userName ?? 'My account';
  const logout = () => {
    clearSession();
    navigate('/login');
  };
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Account: ${name}`}
          style={{ display: 'flex', alignItems: 'center', gap: 8, color: 'white', minHeight: 40 }}
        >
          <Avatar color="brand" variant="filled" radius="xl" size={34}>
            {initials(name) || <IconUser size={18} />}
          </Avatar>
          <Text size="sm" fw={600} c="white" maw={140} truncate visibleFrom="lg">
            {name}
          </Text>
          <IconChevronDown size={14} aria-hidden />
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
