import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StoreBadges } from '../../components/store-badges.tsx';

/** The guest's DOWNLOAD, LOG IN and SIGN UP buttons and their dialogs (spec 1 Header). */
export function GuestActions() {
  const [downloadOpened, download] = useDisclosure(false);
  const [loginOpened, login] = useDisclosure(false);
  const [signupOpened, signup] = useDisclosure(false);
  return (
    <>
      <Group gap={8} wrap="nowrap">
        <Button
          variant="subtle"
          color="gray.0"
          size="sm"
          px={10}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={download.open}
        >
          DOWNLOAD
        </Button>
        <Button variant="outline" color="gray.0" size="sm" onClick={login.open}>
          LOG IN
        </Button>
        <Button size="sm" onClick={signup.open}>
          SIGN UP
        </Button>
      </Group>
      <LoginChoiceDialog opened={loginOpened} onClose={login.close} />
      <SignupChoiceDialog opened={signupOpened} onClose={signup.close} />
      <DownloadDialog opened={downloadOpened} onClose={download.close} />
    </>
  );
}

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
