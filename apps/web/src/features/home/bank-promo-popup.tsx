import { Box, Button, Center, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { siteInfo } from '../../components/site-info.ts';
import { BankPartnerLogo } from '../../components/tibay-logo.tsx';
import { localKeys } from '../../lib/storage-keys.ts';

/** The popup opens this long after the home page loads (spec 1 "Home"). */
const openDelayMs = 700;

/**
 * Whether the popup should open now. The shown flag (localStorage modalShown) is cleared when no auth token
 * is stored, so guests see it on each visit and a signed-in buyer once per browser. Marks it shown.
 */
function claimPopup(): boolean {
  try {
    if (!localStorage.getItem(localKeys.authToken)) localStorage.removeItem(localKeys.modalShown);
    if (localStorage.getItem(localKeys.modalShown)) return false;
    localStorage.setItem(localKeys.modalShown, 'true');
    return true;
  } catch {
    return false;
  }
}

/**
 * The bank partner's promotional popup for its loan eligibility checker (spec 1 "Home", spec 2 checkout):
 * opens 700 ms after load, once per browser unless the modalShown flag was cleared. A dialog named after its
 * title; Escape or the "Close" button dismisses it; the link opens the bank's site in a new tab.
 */
export function BankPromoPopup() {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (claimPopup()) setOpened(true);
    }, openDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      centered
      size="md"
      radius="md"
      title="Are you eligible for a business loan?"
      styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)', textTransform: 'uppercase' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Center py="xs" bg="slate.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <BankPartnerLogo height={56} name={siteInfo.bankPartnerName} />
        </Center>
        <Text size="sm">
          {siteInfo.bankPartnerName}, our BuildCredit partner, offers credit for building projects. Use the bank's
          eligibility checker to see in a few minutes whether you qualify.
        </Text>
        <Box>
          <Button
            component="a"
            href={siteInfo.bankPartnerUrl}
            target="_blank"
            rel="noopener noreferrer"
            fullWidth
            rightSection={<IconExternalLink size={16} aria-hidden />}
            onClick={() => setOpened(false)}
          >
            Check my eligibility
          </Button>
          <Text size="xs" c="dimmed" ta="center" mt={6}>
            Opens {siteInfo.bankPartnerName}'s website in a new tab.
          </Text>
        </Box>
      </Stack>
    </Modal>
  );
}
