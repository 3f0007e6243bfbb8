import { ActionIcon, Affix, Anchor, Button, CloseButton, Group, Paper, Stack, Text, Transition } from '@mantine/core';
import { useClickOutside, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMail, IconMessageCircle, IconMessages, IconPhone, IconX } from '@tabler/icons-react';
import { messages } from '@tibay/contract';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { siteInfo } from '../../components/site-info.ts';

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
  useClickOutside(() => panel.close(), null, [bubble, paper]);
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
      <Transition mounted={opened} transition={phone ? 'pop-top-right' : 'pop-bottom-right'} duration={150}>
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
              w={320}
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
              <Stack gap="sm" p="md">
                <Text size="sm">
                  Hi! Any concerns about an order, a delivery or BuildCredit? Reach our support team:
                </Text>
                <Group gap={8} wrap="nowrap">
                  <IconPhone size={18} color="var(--mantine-color-brand-7)" aria-hidden />
                  <Anchor href={siteInfo.supportPhoneHref} size="sm" fw={600}>
                    {siteInfo.supportPhone}
                  </Anchor>
                </Group>
                <Group gap={8} wrap="nowrap">
                  <IconMail size={18} color="var(--mantine-color-brand-7)" aria-hidden />
                  <Anchor href={`mailto:${siteInfo.supportEmail}`} size="sm" fw={600}>
                    {siteInfo.supportEmail}
                  </Anchor>
                </Group>
                <Text size="sm" c="dimmed">
                  Questions about a product? Message its seller directly.
                </Text>
                <Button
                  component={Link}
                  to="/ChatSeller"
                  leftSection={<IconMessages size={18} aria-hidden />}
                  fullWidth
                >
                  Chat with sellers
                </Button>
              </Stack>
            </Paper>
          </Affix>
        )}
      </Transition>
    </>
  );
}
