import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const LoginChoiceDialog = lazy(() =>
  import('./guest-dialogs.tsx').then((module) => ({ default: module.LoginChoiceDialog })),
);
const SignupChoiceDialog = lazy(() =>
  import('./guest-dialogs.tsx').then((module) => ({ default: module.SignupChoiceDialog })),
);
const DownloadDialog = lazy(() => import('./guest-dialogs.tsx').then((module) => ({ default: module.DownloadDialog })));

type Dialog = 'login' | 'signup' | 'download';

/** The guest's DOWNLOAD, LOG IN and SIGN UP buttons and their dialogs (spec 1 Header). */
export function GuestActions() {
  const [opened, setOpened] = useState<Dialog | null>(null);
  // A dialog's code loads the first time it opens and then stays mounted, so closing animates.
  const [used, setUsed] = useState<ReadonlySet<Dialog>>(new Set());
  const open = (dialog: Dialog) => () => {
    setUsed((current) => (current.has(dialog) ? current : new Set(current).add(dialog)));
    setOpened(dialog);
  };
  const close = () => setOpened(null);
  return (
    <>
      <Group gap={8} wrap="nowrap">
        <Button
          variant="subtle"
          color="gray.0"
          size="sm"
          px={10}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={open('download')}
        >
          DOWNLOAD
        </Button>
        <Button variant="outline" color="gray.0" size="sm" onClick={open('login')}>
          LOG IN
        </Button>
        <Button size="sm" onClick={open('signup')}>
          SIGN UP
        </Button>
      </Group>
      <Suspense fallback={null}>
        {used.has('login') ? <LoginChoiceDialog opened={opened === 'login'} onClose={close} /> : null}
        {used.has('signup') ? <SignupChoiceDialog opened={opened === 'signup'} onClose={close} /> : null}
        {used.has('download') ? <DownloadDialog opened={opened === 'download'} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
