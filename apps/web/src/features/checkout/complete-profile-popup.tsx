import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@tibay/contract';
import { Link } from 'react-router';

/**
 * Spec 2 §2, §5: checkout is blocked until the profile is complete. The popup cannot be dismissed; it leads to
 * /complete-profile/{id} or back to shopping.
 */
export function CompleteProfilePopup({ opened, userId }: { opened: boolean; userId: number }) {
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="COMPLETE YOUR PROFILE"
      styles={{ title: { fontWeight: 800 } }}
    >
      <Stack gap="md">
        <Text>{messages.completeProfileFirst}</Text>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/shopbyseller?page=1" variant="default">
            BACK TO SHOP
          </Button>
          <Button component={Link} to={`/complete-profile/${userId}`}>
            COMPLETE PROFILE
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
