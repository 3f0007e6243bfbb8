import { AppShell, Box, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, type TablerIcon } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { TibayLogo } from './tibay-logo.tsx';

export interface StaffMenuLink {
  to: string;
  label: string;
  icon: TablerIcon;
}

/** A labelled group of menu links: a heading a screen reader announces, and the links as a list under it. */
export interface StaffMenuSection {
  label: string;
  links: readonly StaffMenuLink[];
}

function MenuLink({ link, active }: { link: StaffMenuLink; active: boolean }) {
  return (
    <NavLink
      component={Link}
      to={link.to}
      label={link.label}
      leftSection={<link.icon size={18} aria-hidden />}
      active={active}
    />
  );
}

function MenuSection({ section, isActive }: { section: StaffMenuSection; isActive: (to: string) => boolean }) {
  const headingId = useId();
  return (
    <Box>
      <Text id={headingId} component="h2" size="xs" fw={700} tt="uppercase" c="slate.7" px="sm" pt="sm" pb={4} m={0}>
        {section.label}
      </Text>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {section.links.map((link) => (
          <li key={link.to}>
            <MenuLink link={link} active={isActive(link.to)} />
          </li>
        ))}
      </Stack>
    </Box>
  );
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
  /** The menu: one list of links, or labelled sections of them (the admin's). */
  links?: readonly StaffMenuLink[];
  sections?: readonly StaffMenuSection[];
  /** Above the menu links (e.g. the shop's name on phones). */
  menuTop?: ReactNode;
  menuLabel: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isActive = (to: string) => location.pathname.startsWith(to);

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
      <AppShell.Navbar p="sm" aria-label={props.menuLabel} style={{ overflowY: 'auto' }}>
        <Stack gap={4}>
          {props.menuTop}
          {props.links?.map((link) => (
            <MenuLink key={link.to} link={link} active={isActive(link.to)} />
          ))}
          {props.sections?.map((section) => (
            <MenuSection key={section.label} section={section} isActive={isActive} />
          ))}
          <NavLink component="a" href="/" label="Go to the Tibay shop" c="dimmed" />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main bg="slate.0">{props.children}</AppShell.Main>
    </AppShell>
  );
}
