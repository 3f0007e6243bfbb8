import { ActionIcon, Box, Burger, Container, Group, Indicator, UnstyledButton } from '@mantine/core';
import { IconMapPin, IconShoppingCart } from '@tabler/icons-react';
import { messages } from '@tibay/contract';
import { Link, useNavigate } from 'react-router';
import { TibayLogo } from '../../components/tibay-logo.tsx';
import { AgentSwitcher } from '../../features/agent/components/agent-switcher.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { AccountMenu } from './account-menu.tsx';
import { GuestActions } from './guest-actions.tsx';
import { HeaderSearch } from './header-search.tsx';
import classes from './site-header.module.css';
import { useCartCount } from './use-cart-count.ts';
import { addressLabel, useDeliveryAddress } from './use-delivery-address.ts';

/** The window event that asks the cart popup to open (the cart feature listens for it). */
export const openCartEvent = 'open-cart';

function AddressButton({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const label = addressLabel(useDeliveryAddress());
  return (
    <UnstyledButton
      className={classes.address}
      data-compact={compact || undefined}
      onClick={() => navigate(session.token && session.userId ? `/change-address/${session.userId}` : '/login')}
    >
      <IconMapPin size={compact ? 16 : 20} className={classes.addressIcon} aria-hidden />
      <span className={classes.addressText}>
        <span className={classes.addressCaption}>Deliver to</span>
        <span className={classes.addressValue}>{label}</span>
      </span>
    </UnstyledButton>
  );
}

function CartButton() {
  const count = useCartCount();
  const session = useSession();
  const navigate = useNavigate();
  const open = () => {
    if (!session.token) {
      toast(messages.loginFirst, 'error');
      navigate('/login');
      return;
    }
    window.dispatchEvent(new Event(openCartEvent));
  };
  return (
    <Indicator label={count > 99 ? '99+' : count} size={18} color="brand" offset={4} inline showZero>
      <ActionIcon variant="subtle" color="gray.0" size={42} aria-label="Cart" onClick={open}>
        <IconShoppingCart size={26} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

/** The dark header: logo, search, delivery address, cart and the account area (spec 1 Header). */
export function SiteHeader({ menuOpened, onMenuToggle }: { menuOpened: boolean; onMenuToggle: () => void }) {
  const session = useSession();
  const loggedIn = Boolean(session.token);
  return (
    <Box className={classes.header}>
      <Container size="xl" py={{ base: 8, md: 12 }}>
        <Group gap="md" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={onMenuToggle}
              color="white"
              size="sm"
              hiddenFrom="md"
              aria-label="Open menu"
            />
            <Link to="/" aria-label="Tibay home" className={classes.logo}>
              <TibayLogo height={32} />
            </Link>
          </Group>
          <Box visibleFrom="md" style={{ flex: 1, maxWidth: 640 }}>
            <HeaderSearch />
          </Box>
          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="md">
              <AddressButton />
            </Box>
            <CartButton />
            {loggedIn ? (
              <AccountMenu />
            ) : (
              <Box visibleFrom="md">
                <GuestActions />
              </Box>
            )}
          </Group>
        </Group>
        <Box hiddenFrom="md" mt={8}>
          <HeaderSearch />
          <Box mt={6}>
            <AddressButton compact />
          </Box>
        </Box>
      </Container>
      <AgentSwitcherBar />
    </Box>
  );
}

function AgentSwitcherBar() {
  return (
    <Container size="xl" className={classes.agentBar}>
      <AgentSwitcher />
    </Container>
  );
}
