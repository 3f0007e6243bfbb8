import { Alert, Button, Divider, SimpleGrid, Stack } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * Facebook and Google buttons (spec 1: Signup and Login screens).
 * No sign-in provider is configured yet, so they say so (and stay said, beside the buttons) instead of
 * pretending to work.
 */
export function SocialButtons({ mode }: { mode: 'signup' | 'login' }) {
  const [notice, setNotice] = useState<string | null>(null);
  const verb = mode === 'signup' ? 'sign-up' : 'login';
  const notAvailable = (provider: string) => () =>
    setNotice(`${provider} ${verb} is not available yet. Please use your email and password.`);
  const label = mode === 'signup' ? 'Sign up with' : 'Log in with';
  return (
    <Stack gap="sm">
      <Divider label={`or ${label.toLowerCase()}`} labelPosition="center" />
      <SimpleGrid cols={2} spacing="sm">
        <Button
          variant="default"
          leftSection={<IconBrandFacebook size={20} color="#1877f2" aria-hidden />}
          onClick={notAvailable('Facebook')}
          aria-label={`${label} Facebook`}
        >
          Facebook
        </Button>
        <Button
          variant="default"
          leftSection={<IconBrandGoogle size={20} color="#db4437" aria-hidden />}
          onClick={notAvailable('Google')}
          aria-label={`${label} Google`}
        >
          Google
        </Button>
      </SimpleGrid>
      {notice ? (
        <Alert
          color="gray"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Close"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      ) : null}
    </Stack>
  );
}
