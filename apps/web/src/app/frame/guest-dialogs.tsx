import { Button, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { StoreBadges } from '../../components/store-badges.tsx';

/** The header's LOG IN, SIGN UP and DOWNLOAD dialogs; loaded the first time one opens (see GuestActions). */
interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

export function LoginChoiceDialog({ opened, onClose }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="LOG IN" centered size="sm" styles={titleStyles}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Buying materials or selling them? Choose how you want to log in.
        </Text>
        <Button component={Link} to="/login" onClick={onClose} fullWidth>
          LOG IN AS CUSTOMER
        </Button>
        <Button component="a" href="/seller-center" variant="outline" fullWidth>
          LOG IN AS SELLER
        </Button>
      </Stack>
    </Modal>
  );
}

export function SignupChoiceDialog({ opened, onClose }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="SIGN UP" centered size="sm" styles={titleStyles}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Create a customer account to order, or register your hardware store as a seller.
        </Text>
        <Button component={Link} to="/signup" onClick={onClose} fullWidth>
          SIGN UP AS CUSTOMER
        </Button>
        <Button component={Link} to="/seller" onClick={onClose} variant="outline" fullWidth>
          SIGN UP AS SELLER
        </Button>
      </Stack>
    </Modal>
  );
}

export function DownloadDialog({ opened, onClose }: DialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="DOWNLOAD THE TIBAY APP" centered size="md" styles={titleStyles}>
      <Stack gap="md" align="center">
        <Text size="sm" c="dimmed" ta="center">
          Order building materials, track deliveries and chat with sellers from your phone. Hover over a badge to scan
          its QR code.
        </Text>
        <StoreBadges height={48} justify="center" />
      </Stack>
    </Modal>
  );
}

const titleStyles = { title: { fontWeight: 800, letterSpacing: 0.4 } };
