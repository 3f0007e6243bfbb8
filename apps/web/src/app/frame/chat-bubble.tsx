import { ActionIcon, Affix, CloseButton, Group, Paper, Stack, Text, Transition } from '@mantine/core';
import { useClickOutside, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle, IconX } from '@tabler/icons-react';
import { messages } from '@tibay/contract';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { siteInfo } from '../../components/site-info.ts';
import { useSession } from '../../lib/session.ts';

// The support conversation (issue 16), loaded when a signed-in buyer first opens the panel.
const SupportChat = lazy(() =>
  import('../../features/chat/index.ts').then((module) => ({ default: module.SupportChat })),
);
const LoginFirstDialog = lazy(() =>
  import('../../features/chat/index.ts').then((module) => ({ default: module.LoginFirstDialog })),
);

/** The window event that opens the chat panel (the phone header's chat button sends it). */
export const openChatEvent = 'open-chat';

/**
 * The floating chat bubble on every page (spec 1 "Footer", spec 2 Chat): hover text "Hi Any Concerns? Message Us";
 * a click toggles the chat panel. The panel offers the support contact and the sellers' chat. Phones have no
 * bubble (it covered card cart buttons and checkout prices): the header's chat button opens the panel at the top.
 */
export function ChatBubble() {
  const [opened, panel] = useDisclosure(false);
  const titleId = useId();
  const hintId = useId();
  const [hint, setHint] = useState(false);
  const location = useLocation();
  const [bubble, setBubble] = useState<HTMLButtonElement | null>(null);
  const [paper, setPaper] = useState<HTMLDivElement | null>(null);
  const signedIn = Boolean(useSession().token);
  // A guest's confirm dialog lives outside the panel: a click on its buttons must not close it first.
  useClickOutside(() => signedIn && panel.close(), null, [bubble, paper]);
  const phone = useMediaQuery('(max-width: 61.99em)');

  useEffect(() => {
    const open = () => panel.open();
    window.addEventListener(openChatEvent, open);
    return () => window.removeEventListener(openChatEvent, open);
  }, [panel]);

  // Close when the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => {
    panel.close();
  }, [location.pathname]);

  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={190} visibleFrom="md">
        {/* The hover text: a plain tooltip beside the fixed bubble (no positioning library on the first paint). */}
        {hint && !opened ? (
          <Text
            id={hintId}
            role="tooltip"
            size="sm"
            c="white"
            bg="slate.9"
            px={10}
            py={5}
            style={{
              position: 'absolute',
              right: 'calc(100% + 10px)',
              top: '50%',
              transform: 'translateY(-50%)',
              whiteSpace: 'nowrap',
              borderRadius: 'var(--mantine-radius-sm)',
              pointerEvents: 'none',
            }}
          >
            {messages.chatHover}
          </Text>
        ) : null}
        <ActionIcon
          ref={setBubble}
          size={56}
          radius="xl"
          variant="filled"
          color="brand"
          aria-label="Chat with us"
          aria-expanded={opened}
          aria-controls={opened ? titleId : undefined}
          aria-describedby={hint ? hintId : undefined}
          onClick={panel.toggle}
          onMouseEnter={() => setHint(true)}
          onMouseLeave={() => setHint(false)}
          onFocus={() => setHint(true)}
          onBlur={() => setHint(false)}
          style={{ boxShadow: '0 6px 18px rgba(232, 89, 12, 0.45)' }}
        >
          {opened ? <IconX size={26} aria-hidden /> : <IconMessageCircle size={28} aria-hidden />}
        </ActionIcon>
      </Affix>
      {/* Guests get the spec's confirm dialog instead of the panel (spec 2 §5 Chat). */}
      {opened && !signedIn ? (
        <Suspense fallback={null}>
          <LoginFirstDialog onClose={panel.close} />
        </Suspense>
      ) : null}
      <Transition mounted={opened && signedIn} transition={phone ? 'pop-top-right' : 'pop-bottom-right'} duration={150}>
        {(styles) => (
          <Affix position={phone ? { top: 12, right: 12 } : { bottom: 88, right: 20 }} zIndex={190}>
            <Paper
              ref={setPaper}
              id={titleId}
              role="dialog"
              aria-label="Chat with Tibay"
              shadow="xl"
              radius="md"
              withBorder
              w={360}
              maw="calc(100vw - 40px)"
              style={styles}
              onKeyDown={(event) => {
                if (event.key === 'Escape') panel.close();
              }}
            >
              <Group
                justify="space-between"
                bg="slate.9"
                c="white"
                px="md"
                py="sm"
                style={{ borderRadius: '8px 8px 0 0' }}
              >
                <Stack gap={0}>
                  <Text fw={800} size="sm" tt="uppercase">
                    Tibay Support
                  </Text>
                  <Text size="xs" c="slate.2">
                    {siteInfo.officeHours}
                  </Text>
                </Stack>
                <CloseButton variant="transparent" c="white" aria-label="Close chat" onClick={panel.close} />
              </Group>
              <Suspense fallback={null}>
                <SupportChat />
              </Suspense>
            </Paper>
          </Affix>
        )}
      </Transition>
    </>
  );
}
