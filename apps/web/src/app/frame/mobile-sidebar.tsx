import { Box, Divider, Drawer, NavLink as MantineNavLink, ScrollArea, VisuallyHidden } from '@mantine/core';
import {
  IconBuildingStore,
  IconCreditCard,
  IconHelpCircle,
  IconHome,
  IconInfoCircle,
  IconLogin,
  IconMapPin,
  IconMessages,
  IconNews,
  IconPhone,
  IconShoppingBag,
  IconTruckDelivery,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TibayLogo } from '../../components/tibay-logo.tsx';
import { useChatUnread } from '../../features/chat/index.ts';
import { useSession } from '../../lib/session.ts';
import { useBuildCreditNav } from './use-buildcredit-nav.ts';
import { useMicrositeLink } from './use-microsite.ts';

/** The phone menu: a drawer from the left with the same destinations as the top navigation (spec 1 "Mobile sidebar"). */
export function MobileSidebar({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const buildCredit = useBuildCreditNav();
  const microsite = useMicrositeLink();
  const loggedIn = Boolean(session.token);
  const [shopOpened, setShopOpened] = useState(false);
  const [creditOpened, setCreditOpened] = useState(false);
  const unreadChats = useChatUnread();

  const go = (to: string) => () => {
    onClose();
    navigate(to);
  };
  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  const here = (path: string) => location.pathname.toLowerCase() === path.toLowerCase();
  const item = (label: string, icon: ReactNode, onClick: () => void, active = false) => (
    <MantineNavLink
      component="button"
      label={label}
      leftSection={icon}
      onClick={onClick}
      active={active}
      color="brand"
      styles={linkStyles}
    />
  );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={300}
      padding={0}
      title={
        <>
          <TibayLogo height={28} tone="dark" />
          <VisuallyHidden>menu</VisuallyHidden>
        </>
      }
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      hiddenFrom="md"
      styles={{ header: { borderBottom: '1px solid var(--mantine-color-gray-3)', padding: '12px 16px' } }}
    >
      <ScrollArea.Autosize mah="calc(100dvh - 64px)">
        <Box component="nav" aria-label="Mobile" py={6}>
          {loggedIn ? null : item('Login/Register', <IconLogin size={18} aria-hidden />, go('/login'))}
          {item('Home', <IconHome size={18} aria-hidden />, go('/'), here('/'))}
          <MantineNavLink
            component="button"
            label="Shop"
            leftSection={<IconShoppingBag size={18} aria-hidden />}
            childrenOffset={36}
            styles={linkStyles}
            opened={shopOpened}
            onChange={setShopOpened}
            aria-expanded={shopOpened}
          >
            <MantineNavLink
              component="button"
              label="Order by seller"
              onClick={go('/shopbyseller?page=1')}
              styles={linkStyles}
            />
            <MantineNavLink
              component="button"
              label="Order by category"
              onClick={go('/shopbycategory')}
              styles={linkStyles}
            />
            {microsite ? (
              <MantineNavLink
                component="button"
                label={microsite.label}
                onClick={go(microsite.to)}
                styles={linkStyles}
              />
            ) : null}
          </MantineNavLink>
          {loggedIn
            ? item(
                unreadChats > 0 ? `Messages (${unreadChats} unread)` : 'Messages',
                <IconMessages size={18} aria-hidden />,
                go('/ChatSeller'),
                here('/ChatSeller'),
              )
            : null}
          {item('Blogs', <IconNews size={18} aria-hidden />, go('/Blogs'), here('/Blogs'))}
          {item('Partners', <IconUsersGroup size={18} aria-hidden />, go('/?partners=true'))}
          {item(
            'Track Orders',
            <IconTruckDelivery size={18} aria-hidden />,
            run(buildCredit.trackOrders),
            here('/TrackOrder'),
          )}
          {item('Be a seller', <IconBuildingStore size={18} aria-hidden />, go('/seller'), here('/seller'))}
          {item('Faqs', <IconHelpCircle size={18} aria-hidden />, go('/FAQs'), here('/FAQs'))}
          {item('About Us', <IconInfoCircle size={18} aria-hidden />, go('/About'), here('/About'))}
          {item('Contact Us', <IconPhone size={18} aria-hidden />, go('/Contact'), here('/Contact'))}
          <MantineNavLink
            component="button"
            label="BuildCredit"
            leftSection={<IconCreditCard size={18} aria-hidden />}
            childrenOffset={36}
            styles={linkStyles}
            opened={creditOpened}
            onChange={setCreditOpened}
            aria-expanded={creditOpened}
          >
            <MantineNavLink
              component="button"
              label="BuildCredit Payment"
              onClick={run(buildCredit.pay)}
              styles={linkStyles}
            />
            {buildCredit.showApply ? (
              <MantineNavLink
                component="button"
                label="Apply for BuildCredit"
                onClick={run(buildCredit.apply)}
                styles={linkStyles}
              />
            ) : null}
          </MantineNavLink>
          {loggedIn ? (
            <>
              <Divider my={6} />
              {item(
                'Change Delivery Address',
                <IconMapPin size={18} aria-hidden />,
                go(`/change-address/${session.userId ?? ''}`),
              )}
            </>
          ) : null}
        </Box>
      </ScrollArea.Autosize>
    </Drawer>
  );
}

const linkStyles = {
  root: { minHeight: 44 },
  label: { fontSize: 15, fontWeight: 600 },
};
