import { ActionIcon, Box, Burger, Container, Group, Indicator, UnstyledButton } from '@mantine/core';
import { IconMapPin, IconMessageCircle, IconShoppingCart } from '@tabler/icons-react';
import { messages } from '@tibay/contract';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Deferred } from '../../components/deferred.tsx';
import { TibayLogo } from '../../components/tibay-logo.tsx';
import { useCartCount } from '../../features/cart/index.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { AccountBadge, accountButtonStyle } from './account-badge.tsx';
import { openChatEvent } from './chat-bubble.tsx';
import { GuestActions } from './guest-actions.tsx';
import { HeaderSearch } from './header-search.tsx';
import classes from './site-header.module.css';
import { addressLabel, useDeliveryAddress } from './use-delivery-address.ts';

// Loaded after the first paint: the account dropdown (signed-in only) and the agent's customer switcher.
const AccountMenu = lazy(() => import('./account-menu.tsx'));
// Signed-in only, and after the first paint: the Messages button with the unread chat count (issue 16).
const ChatUnreadButton = lazy(() =>
  import('../../features/chat/index.ts').then((module) => ({ default: module.ChatUnreadButton })),
);
const AgentSwitcher = lazy(() =>
  import('../../features/agent/index.ts').then((module) => ({ default: module.AgentSwitcher })),
);

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
    // No cart, no count: a guest sees the plain Cart button (a customer's empty cart shows 0).
    <Indicator
      label={count !== null && count > 99 ? '99+' : count}
      size={18}
      color="brand"
      offset={4}
      inline
      showZero
      disabled={count === null}
    >
      <ActionIcon variant="subtle" color="gray.0" size={42} aria-label="Cart" onClick={open}>
        <IconShoppingCart size={26} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}

/** On phones the chat opens from the header, so no floating bubble covers the page's buttons and prices. */
function PhoneChatButton() {
  return (
    <ActionIcon
      variant="subtle"
      color="gray.0"
      size={42}
      aria-label="Chat with us"
      hiddenFrom="md"
      onClick={() => window.dispatchEvent(new Event(openChatEvent))}
    >
      <IconMessageCircle size={26} aria-hidden />
    </ActionIcon>
  );
}

/** Phones: the delivery address on a strip under the header; it scrolls away while the header stays. */
export function PhoneAddressBar() {
  return (
    <Box hiddenFrom="md" className={classes.addressBar}>
      <Container size="xl">
        <AddressButton compact />
      </Container>
    </Box>
  );
}

/**
 * The dark header: logo, search, delivery address, cart and the account area (spec 1 Header). On phones it is
 * compact (logo row and search) and stays at the top (the frame makes it sticky), so the cart is always in reach.
 */
export function SiteHeader({ menuOpened, onMenuToggle }: { menuOpened: boolean; onMenuToggle: () => void }) {
  const session = useSession();
  const loggedIn = Boolean(session.token);
  return (
    <Box className={classes.header}>
      <Container size="xl" py={{ base: 6, md: 12 }}>
        {/* Bottom-aligned: the search field and the address carry a small caption above them. */}
        <Group gap="md" wrap="nowrap" justify="space-between" align="flex-end">
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
            <PhoneChatButton />
            {loggedIn ? (
              <Box visibleFrom="md">
                <Suspense fallback={null}>
                  <ChatUnreadButton />
                </Suspense>
              </Box>
            ) : null}
            <CartButton />
            {loggedIn ? (
              <DeferredAccountMenu />
            ) : (
              <Box visibleFrom="md">
                <GuestActions />
              </Box>
            )}
          </Group>
        </Group>
        <Box hiddenFrom="md" mt={6}>
          <HeaderSearch />
        </Box>
      </Container>
      {session.agentToken ? <AgentSwitcherBar /> : null}
    </Box>
  );
}

/** The account button; its dropdown's code loads after the first paint (a click before that opens it once loaded). */
function DeferredAccountMenu() {
  const session = useSession();
  const name = session.userName ?? 'My account';
  const [opened, setOpened] = useState(false);
  return (
    <Deferred
      fallback={(request) => (
        <UnstyledButton
          aria-haspopup="menu"
          aria-expanded={opened}
          style={accountButtonStyle}
          onClick={() => {
            setOpened(true);
            request();
          }}
        >
          <AccountBadge name={name} />
        </UnstyledButton>
      )}
    >
      {() => <AccountMenu opened={opened} onChange={setOpened} />}
    </Deferred>
  );
}

function AgentSwitcherBar() {
  return (
    <Container size="xl" className={classes.agentBar}>
      <Suspense fallback={null}>
        <AgentSwitcher />
      </Suspense>
    </Container>
  );
}
