import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './top-nav.module.css';
import { useBuildCreditNav } from './use-buildcredit-nav.ts';
import type { MicrositeLink } from './use-microsite.ts';

/**
 * The top navigation's two dropdown menus. They load after the first paint (see TopNav): Mantine's Menu and its
 * positioning library are not part of the home route's first download.
 */
const menuProps = {
  trigger: 'click-hover',
  openDelay: 60,
  closeDelay: 150,
  position: 'bottom-start',
  shadow: 'md',
} as const;

interface MenuState {
  opened: boolean;
  onChange: (opened: boolean) => void;
}

export function ShopMenu({ microsite, opened, onChange }: { microsite: MicrositeLink | null } & MenuState) {
  return (
    <Menu {...menuProps} opened={opened} onChange={onChange}>
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
  );
}

export function BuildCreditMenu({ opened, onChange }: MenuState) {
  const buildCredit = useBuildCreditNav();
  return (
    <Menu {...menuProps} opened={opened} onChange={onChange}>
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
  );
}
