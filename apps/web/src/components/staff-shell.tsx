import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, type TablerIcon } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { TibayLogo } from './tibay-logo.tsx';

export interface StaffMenuLink {
  to: string;
  label: string;
  icon: TablerIcon;
  /** Shown at the right of the link (e.g. a "Coming" badge). */
  badge?: ReactNode;
}

/**
 * The frame of the staff sites (the admin's /admin-v2 and the seller center): a dark header with the logo, the
 * site's name, who is signed in and Logout; a side menu that folds behind a burger on phones and closes after each
 * navigation; the page on a light background.
 */
export function StaffShell(props: {
  site: string;
  homeTo: string;
  navbarWidth: number;
  /** Who is signed in, in the header (hidden on phones). */
  account: ReactNode;
  onLogout: () => void;
  logoutPending?: boolean;
  links: readonly StaffMenuLink[];
  /** Above the menu links (e.g. the shop's name on phones). */
  menuTop?: ReactNode;
  menuLabel: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => close(), [location.pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: props.navbarWidth, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header bg="slate.9" c="white">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              color="white"
              aria-label={opened ? 'Close menu' : 'Open menu'}
            />
            <Link to={props.homeTo} aria-label={`Tibay ${props.site} home`}>
              <TibayLogo height={30} />
            </Link>
            <Text fw={700} tt="uppercase" size="sm" visibleFrom="xs">
              {props.site}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {props.account}
            <Button
              variant="white"
              color="dark"
              size="xs"
              leftSection={<IconLogout size={14} aria-hidden />}
              onClick={props.onLogout}
              loading={props.logoutPending}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={props.menuLabel}>
        <Stack gap={4}>
          {props.menuTop}
          {props.links.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              leftSection={<link.icon size={18} aria-hidden />}
              rightSection={link.badge}
              active={location.pathname.startsWith(link.to)}
            />
          ))}
          <NavLink component="a" href="/" label="Go to the Tibay shop" c="dimmed" />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main bg="slate.0">{props.children}</AppShell.Main>
    </AppShell>
  );
}
