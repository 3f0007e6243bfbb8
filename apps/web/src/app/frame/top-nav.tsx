import { Box, Container, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { siteInfo } from '../../components/site-info.ts';
import { BankPartnerLogo } from '../../components/tibay-logo.tsx';
import { useSession } from '../../lib/session.ts';
import classes from './top-nav.module.css';
import { useBuildCreditNav } from './use-buildcredit-nav.ts';
import { useMicrositeLink } from './use-microsite.ts';

function NavItem({ to, children, end }: { to: string; children: string; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className={classes.link}>
      {children}
    </NavLink>
  );
}

/** The desktop navigation bar (from 992 px; the mobile sidebar replaces it below). Spec 1 "Top navigation". */
export function TopNav() {
  const session = useSession();
  const buildCredit = useBuildCreditNav();
  const microsite = useMicrositeLink();
  return (
    <Box component="nav" aria-label="Main" className={classes.bar} visibleFrom="md">
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Group gap={0} wrap="nowrap" className={classes.items}>
            <NavItem to="/" end>
              HOME
            </NavItem>
            <Menu trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-start" shadow="md">
              <Menu.Target>
                <UnstyledButton className={classes.link}>
                  SHOP <IconChevronDown size={14} aria-hidden />
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/shopbyseller?page=1" className={classes.menuItem}>
                  ORDER BY SELLER
                </Menu.Item>
                <Menu.Item component={Link} to="/shopbycategory" className={classes.menuItem}>
                  ORDER BY CATEGORY
                </Menu.Item>
                {microsite ? (
                  <Menu.Item component={Link} to={microsite.to} className={classes.menuItem}>
                    {microsite.label}
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
            {session.token ? <NavItem to="/TrackOrder">TRACK ORDERS</NavItem> : null}
            <NavItem to="/Blogs">BLOGS</NavItem>
            <Link to="/?partners=true" className={classes.link}>
              PARTNERS
            </Link>
            <NavItem to="/FAQs">FAQs</NavItem>
            <NavItem to="/About">ABOUT US</NavItem>
            <NavItem to="/Contact">CONTACT US</NavItem>
            <Menu trigger="click-hover" openDelay={60} closeDelay={150} position="bottom-start" shadow="md">
              <Menu.Target>
                <UnstyledButton className={classes.link} data-accent>
                  BUILDCREDIT <IconChevronDown size={14} aria-hidden />
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={buildCredit.pay} className={classes.menuItem}>
                  BUILDCREDIT PAYMENT
                </Menu.Item>
                {buildCredit.showApply ? (
                  <Menu.Item onClick={buildCredit.apply} className={classes.menuItem}>
                    APPLY FOR BUILDCREDIT
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
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
