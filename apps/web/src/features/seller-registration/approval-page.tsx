import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { sellerRegistrationConstants } from '@tibay/contract';
import { Link } from 'react-router';
import { RegistrationShell } from './components/registration-shell.tsx';

/** /sellerapproval (spec 3 §2.3): the for-approval notice, 3-5 working days, with DONE to /. */
export default function ApprovalPage() {
  return (
    <RegistrationShell step={3} title="For approval">
      <Stack align="center" gap="md" py="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="brand.8" variant="light" aria-hidden>
          <IconClockHour4 size={36} />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          Your seller registration is for approval.
        </Text>
        <Text maw={520}>
          Approval takes {sellerRegistrationConstants.approvalDays}. Once approved, we email a link to set your password
          and sign in to the Seller Center, where you add your products.
        </Text>
        <Group justify="center">
          <Button component={Link} to="/" size="md">
            DONE
          </Button>
        </Group>
      </Stack>
    </RegistrationShell>
  );
}
