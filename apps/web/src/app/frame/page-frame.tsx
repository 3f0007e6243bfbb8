import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SessionWatcher } from '../../features/auth/components/session-watcher.tsx';
import { ChatBubble } from './chat-bubble.tsx';
import { MobileSidebar } from './mobile-sidebar.tsx';
import classes from './page-frame.module.css';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { TopNav } from './top-nav.tsx';

/** Every customer page: header, navigation, the page, footer, chat bubble and scroll-to-top (spec 1 frame). */
export function PageFrame() {
  const [menuOpened, menu] = useDisclosure(false);
  const navigation = useNavigation();
  return (
    <Box className={classes.frame}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div className={classes.progress} role="progressbar" aria-label="Loading page" />
      ) : null}
      <header>
        <SiteHeader menuOpened={menuOpened} onMenuToggle={menu.toggle} />
      </header>
      <TopNav />
      <MobileSidebar opened={menuOpened} onClose={menu.close} />
      <main id="main" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ChatBubble />
      <ScrollToTop />
      <SessionWatcher />
      <ScrollRestoration />
    </Box>
  );
}
