import { Box, Container, Group, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, type ReactNode, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Deferred } from '../../components/deferred.tsx';
import { siteInfo } from '../../components/site-info.ts';
import { BankPartnerLogo } from '../../components/tibay-logo.tsx';
import { useSession } from '../../lib/session.ts';
import classes from './top-nav.module.css';
import { useMicrositeLink } from './use-microsite.ts';

function NavItem({ to, children, end }: { to: string; children: string; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className={classes.link}>
      {children}
    </NavLink>
  );
}

const ShopMenu = lazy(() => import('./nav-menus.tsx').then((module) => ({ default: module.ShopMenu })));
const BuildCreditMenu = lazy(() => import('./nav-menus.tsx').then((module) => ({ default: module.BuildCreditMenu })));

/**
 * A dropdown of the bar: a look-alike button until the menu's code has loaded (after the first paint, or at
 * once on a click). The open state lives here, so a click on the look-alike opens the menu once it is there.
 */
function MenuSlot({
  label,
  accent,
  children,
}: {
  label: string;
  accent?: boolean;
  children: (opened: boolean, onChange: (opened: boolean) => void) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Deferred
      fallback={(request) => (
        <UnstyledButton
          className={classes.link}
          data-accent={accent || undefined}
          aria-haspopup="menu"
          aria-expanded={opened}
          onClick={() => {
            setOpened(true);
            request();
          }}
        >
          {label} <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      )}
    >
      {() => children(opened, setOpened)}
    </Deferred>
  );
}

/** The desktop navigation bar (from 992 px; the mobile sidebar replaces it below). Spec 1 "Top navigation". */
export function TopNav() {
  const session = useSession();
  const microsite = useMicrositeLink();
  return (
    <Box component="nav" aria-label="Main" className={classes.bar} visibleFrom="md">
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Group gap={0} wrap="nowrap" className={classes.items}>
            <NavItem to="/" end>
              HOME
            </NavItem>
            <MenuSlot label="SHOP">
              {(opened, onChange) => <ShopMenu microsite={microsite} opened={opened} onChange={onChange} />}
            </MenuSlot>
            {session.token ? <NavItem to="/TrackOrder">TRACK ORDERS</NavItem> : null}
            <NavItem to="/Blogs">BLOGS</NavItem>
            <Link to="/?partners=true" className={classes.link}>
              PARTNERS
            </Link>
            <NavItem to="/FAQs">FAQs</NavItem>
            <NavItem to="/About">ABOUT US</NavItem>
            <NavItem to="/Contact">CONTACT US</NavItem>
            <MenuSlot label="BUILDCREDIT" accent>
              {(opened, onChange) => <BuildCreditMenu opened={opened} onChange={onChange} />}
            </MenuSlot>
          </Group>
          <a
            href={siteInfo.bankPartnerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.bank}
            title={`BuildCredit with ${siteInfo.bankPartnerName}`}
          >
            <BankPartnerLogo
              height={30}
              name={`${siteInfo.bankPartnerName}, BuildCredit partner (opens in a new tab)`}
            />
          </a>
        </Group>
      </Container>
    </Box>
  );
}
