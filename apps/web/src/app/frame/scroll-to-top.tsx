import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useIdle } from '../../components/deferred.tsx';

/**
 * Appears after 200 px of scroll (spec 1 §9) and scrolls back to the top. Mounted once the browser is idle: reading
 * the scroll position on mount forced a layout of the whole page inside the app's first commit (decision 0053).
 */
export function ScrollToTop() {
  return useIdle() ? <ScrollToTopButton /> : null;
}

function ScrollToTopButton() {
  const [scroll, scrollTo] = useWindowScroll();
  // Above the chat bubble on wide screens; phones have no bubble.
  const phone = useMediaQuery('(max-width: 61.99em)');
  return (
    <Affix position={phone ? { bottom: 16, right: 16 } : { bottom: 88, right: 26 }} zIndex={180}>
      <Transition transition="slide-up" mounted={scroll.y > 200}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={44}
            radius="xl"
            variant="filled"
            color="slate.9"
            aria-label="Scroll to top"
            onClick={() => scrollTo({ y: 0 })}
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
