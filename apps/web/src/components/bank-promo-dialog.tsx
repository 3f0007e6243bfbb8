import { Box, Button, Center, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { siteInfo } from './site-info.ts';
import { BankPartnerLogo } from './tibay-logo.tsx';

/**
 * The bank partner's promotional dialog (see BankPromoPopup, which decides when it opens and loads this code
 * then). A dialog named after its title; Escape or the "Close" button dismisses it; the link opens the bank's
 * site in a new tab.
 */
export default function BankPromoDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="md"
      radius="md"
      title="Are you eligible for a business loan?"
      styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)', textTransform: 'uppercase' } }}
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
            onClick={onClose}
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
