import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SessionWatcher } from '../../features/auth/index.ts';
import { ChatBubble } from './chat-bubble.tsx';
import classes from './page-frame.module.css';
import { ScrollToTop } from './scroll-to-top.tsx';
import { PhoneAddressBar, SiteHeader } from './site-header.tsx';
import { TopNav } from './top-nav.tsx';

/**
 * The footer is below the fold on every page's first paint: its code (links, social icons, app badges) loads right
 * after the frame's, in its own chunk, instead of in the main script (decision 0044).
 */
const SiteFooter = lazy(() => import('./site-footer.tsx').then((module) => ({ default: module.SiteFooter })));
/** The phone menu loads the first time it opens (and stays mounted so closing animates). */
const MobileSidebar = lazy(() => import('./mobile-sidebar.tsx').then((module) => ({ default: module.MobileSidebar })));

/** Every customer page: header, navigation, the page, footer, chat bubble and scroll-to-top (spec 1 frame). */
export function PageFrame() {
  const [menuOpened, menu] = useDisclosure(false);
  const navigation = useNavigation();
  const [sidebarUsed, setSidebarUsed] = useState(false);
  if (menuOpened && !sidebarUsed) setSidebarUsed(true);
  return (
    <Box className={classes.frame}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div className={classes.progress} role="progressbar" aria-label="Loading page" />
      ) : null}
      <header className={classes.header}>
        <SiteHeader menuOpened={menuOpened} onMenuToggle={menu.toggle} />
      </header>
      <PhoneAddressBar />
      <TopNav />
      {sidebarUsed ? (
        <Suspense fallback={null}>
          <MobileSidebar opened={menuOpened} onClose={menu.close} />
        </Suspense>
      ) : null}
      <main id="main" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <ChatBubble />
      <ScrollToTop />
      <SessionWatcher />
      <ScrollRestoration />
    </Box>
  );
}
