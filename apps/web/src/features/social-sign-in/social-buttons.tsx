import { Button, Divider, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { type LoginResponse, messages, type SocialProvider, socialProviders } from '@tibay/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { socialLogin, socialRegister, useSocialConfig } from './api.ts';

const icons = {
  facebook: <IconBrandFacebook size={20} color="#1877f2" aria-hidden />,
  google: <IconBrandGoogle size={20} color="#db4437" aria-hidden />,
};
const labels: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' };

/** The provider's answer in the URL fragment (#social=google&accessToken=…), read once and removed. */
function takeReturnedToken(): { provider: SocialProvider; accessToken: string } | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const provider = fragment.get('social') as SocialProvider | null;
  const accessToken = fragment.get('accessToken');
  if (!provider || !accessToken || !socialProviders.includes(provider)) return null;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return { provider, accessToken };
}

/**
 * Facebook and Google buttons (spec 1 Signup and Login; §4 social registration; §8). Shown only for configured
 * providers (decision 0031). Signup: the modal says the account is already registered (log in with email and
 * password) or that registration worked, with "Proceed to Login". Login: 'Login successful', or the server's
 * error, or 'Login error'. In the sandbox the buttons open the local stand-in consent page.
 */
export function SocialButtons({
  mode,
  onLogin,
}: {
  mode: 'signup' | 'login';
  /** Stores the session and moves on, as a password login does. */
  onLogin?: (response: LoginResponse) => Promise<void>;
}) {
  const navigate = useNavigate();
  const config = useSocialConfig();
  const [outcome, setOutcome] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const returned = takeReturnedToken();
    if (!returned) return;
    const { provider, accessToken } = returned;
    if (mode === 'signup') {
      socialRegister(provider, accessToken)
        .then((result) => setOutcome(result.message))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 409) setOutcome(error.message);
          else toast(error instanceof ApiError ? error.message : messages.socialLoginError, 'error');
        });
      return;
    }
    socialLogin(provider, accessToken)
      .then(async (response) => {
        await onLogin?.(response);
        toast(response.message, 'success');
      })
      .catch((error: unknown) => toast(error instanceof ApiError ? error.message : messages.socialLoginError, 'error'));
  }, [mode, onLogin]);

  // Live providers need their own sign-in scripts, which this app does not load yet: only the sandbox has buttons.
  const providers = config.data?.mode === 'sandbox' ? config.data.providers : [];
  const label = mode === 'signup' ? 'Sign up with' : 'Log in with';
  const start = (provider: SocialProvider) => {
    window.location.assign(`/sandbox-social/${provider}?return=${mode === 'signup' ? '/signup' : '/login'}`);
  };

  return (
    <>
      {providers.length > 0 ? (
        <Stack gap="sm">
          <Divider label={`or ${label.toLowerCase()}`} labelPosition="center" />
          <SimpleGrid cols={providers.length} spacing="sm">
            {providers.map((provider) => (
              <Button
                key={provider}
                variant="default"
                leftSection={icons[provider]}
                onClick={() => start(provider)}
                aria-label={`${label} ${labels[provider]}`}
              >
                {labels[provider]}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
      <Modal opened={outcome !== null} onClose={() => setOutcome(null)} title="Sign up" centered>
        <Stack gap="md">
          <Text>{outcome}</Text>
          <Button onClick={() => navigate('/login')}>Proceed to Login</Button>
        </Stack>
      </Modal>
    </>
  );
}
