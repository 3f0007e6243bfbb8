import { Button, Divider, Modal, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { type LoginResponse, messages, type SocialProvider, socialProviderNames } from '@tibay/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useLastShown } from '../../lib/use-last-shown.ts';
import { socialLinkLogin, socialLogin, socialRegister, useSocialConfig } from './api.ts';
import { ProviderButton } from './provider-button.tsx';
import { takeReturnedToken } from './returned-token.ts';

/** The login's link step: the provider's email has an account, whose password links the provider. */
function LinkAccountModal({
  pending,
  onClose,
  onLogin,
}: {
  pending: { provider: SocialProvider; accessToken: string; message: string } | null;
  onClose: () => void;
  onLogin?: (response: LoginResponse) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useLastShown(pending);
  const name = shown ? socialProviderNames[shown.provider] : '';
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!pending) return;
    if (!password) {
      setError('Enter your password.');
      return;
    }
    setBusy(true);
    try {
      const response = await socialLinkLogin(pending.provider, pending.accessToken, password);
      close();
      await onLogin?.(response);
      toast(response.message, 'success');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : messages.socialLoginError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={pending !== null} onClose={close} title={`Link your ${name} account`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{shown?.message}</Text>
          <PasswordInput
            label="Password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            autoComplete="current-password"
            data-autofocus
          />
          <Button type="submit" loading={busy}>
            Link {name} and log in
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Facebook and Google buttons (spec 1 Signup and Login; §4 social registration; §8). Shown only for configured
 * providers (decision 0031). Signup: the modal says the account is already registered (log in with email and
 * password) or that registration worked, with "Proceed to Login". Login: 'Login successful', or the server's
 * error, or 'Login error'; when the provider's verified email already has an account, its password links the
 * provider first. The sandbox's buttons open the local stand-in consent page; live ones the providers' own.
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
  const [linking, setLinking] = useState<{ provider: SocialProvider; accessToken: string; message: string } | null>(
    null,
  );
  const handled = useRef(false);

  const handleToken = useCallback(
    (provider: SocialProvider, accessToken: string) => {
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
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 409) {
            setLinking({ provider, accessToken, message: error.message });
            return;
          }
          toast(error instanceof ApiError ? error.message : messages.socialLoginError, 'error');
        });
    },
    [mode, onLogin],
  );

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const returned = takeReturnedToken();
    if (returned) handleToken(returned.provider, returned.accessToken);
  }, [handleToken]);

  const data = config.data;
  const providers = data && data.mode !== 'off' ? data.providers : [];
  const label = mode === 'signup' ? 'Sign up with' : 'Log in with';

  return (
    <>
      {data && providers.length > 0 ? (
        <Stack gap="sm">
          <Divider label={`or ${label.toLowerCase()}`} labelPosition="center" />
          <SimpleGrid cols={{ base: 1, xs: providers.length }} spacing="sm">
            {providers.map((provider) => (
              <ProviderButton
                key={provider}
                provider={provider}
                config={data}
                label={`${label} ${socialProviderNames[provider]}`}
                text={socialProviderNames[provider]}
                googleText={mode === 'signup' ? 'signup_with' : 'signin_with'}
                returnPath={mode === 'signup' ? '/signup' : '/login'}
                onToken={handleToken}
              />
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
      <LinkAccountModal pending={linking} onClose={() => setLinking(null)} onLogin={onLogin} />
    </>
  );
}
