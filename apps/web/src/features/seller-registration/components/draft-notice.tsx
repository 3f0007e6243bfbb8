import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { clearDraft, hasDraft } from '../draft.ts';

/** 'A draft can be restored if one exists' (spec 3 §2.3): says so, with a way to start over. */
export function DraftNotice({ onStartOver }: { onStartOver: () => void }) {
  const [shown, setShown] = useState(hasDraft);
  if (!shown) return null;
  return (
    <Alert color="blue" variant="light" mb="md" title="Draft restored">
      <Group justify="space-between" gap="xs">
        <Text size="sm">We restored the registration you started in this browser tab.</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => {
            clearDraft();
            setShown(false);
            onStartOver();
          }}
        >
          Start over
        </Button>
      </Group>
    </Alert>
  );
}
