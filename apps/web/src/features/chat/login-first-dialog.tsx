import { Button, Group, Modal, Text } from '@mantine/core';
import { chatMessages as m } from '@tibay/contract';
import { useLocation, useNavigate } from 'react-router';

/**
 * The guest's confirm dialog (spec 2 §5 Chat): Yes goes to /login with a returnUrl back here, No goes to /.
 * `returnTo` overrides where the login comes back to (the bubble's panel: the page it was opened on).
 */
export function LoginFirstDialog({ onClose, returnTo }: { onClose?: () => void; returnTo?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = returnTo ?? `${location.pathname}${location.search}`;
  const no = () => {
    onClose?.();
    navigate('/');
  };
  return (
    <Modal opened onClose={no} title="Log in" centered>
      <Text>{m.loginFirst}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={no}>
          No
        </Button>
        <Button
          onClick={() => {
            onClose?.();
            navigate(`/login?returnUrl=${encodeURIComponent(back)}`);
          }}
        >
          Yes
        </Button>
      </Group>
    </Modal>
  );
}
