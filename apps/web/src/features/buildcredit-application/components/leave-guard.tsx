import { Button, Group, Modal, Text } from '@mantine/core';
import { creditApplicationMessages as words } from '@tibay/contract';
import { useEffect, useRef } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/**
 * The leave guard of the four application pages (spec 3 §2.6): while there are unsaved changes, leaving for
 * another page asks first, and the browser warns on unload. `allowNavigation` lets NEXT and SAVE AS DRAFT move
 * on after their save without asking.
 */
export function useLeaveGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = words.unloadText;
      return words.unloadText;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return {
    blocker,
    allowNavigation() {
      allowed.current = true;
    },
  };
}

export function LeaveGuardDialog({ blocker }: { blocker: Blocker }) {
  const opened = blocker.state === 'blocked';
  return (
    <Modal opened={opened} onClose={() => blocker.reset?.()} title={words.leaveTitle} centered>
      <Text size="sm">{words.leaveText}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Cancel
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Proceed
        </Button>
      </Group>
    </Modal>
  );
}
