import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages, type SocialLinksResponse, type SocialProvider, socialProviderNames } from '@tibay/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useLastShown } from '../../lib/use-last-shown.ts';
import { linkSocial, socialSignInKeys, unlinkSocial, useSocialConfig, useSocialLinks } from './api.ts';
import { ProviderButton } from './provider-button.tsx';
import { takeReturnedToken } from './returned-token.ts';

/**
 * The profile page's sign-in methods (decision 0031): each configured provider, linked or not, with "Link Google" /
 * "Link Facebook" (the provider's sign-in, then the link to the signed-in account) and "Unlink" after a
 * confirmation. The server refuses to unlink an account's only way to log in and says why.
 */
export function SocialLinksSection({ userId }: { userId: number }) {
  const config = useSocialConfig();
  const enabled = Boolean(config.data && config.data.mode !== 'off');
  const links = useSocialLinks(enabled);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<SocialProvider | null>(null);
  const confirmed = useLastShown(confirming);
  const [busy, setBusy] = useState(false);
  const handled = useRef(false);

  const settle = useCallback(
    async (work: Promise<SocialLinksResponse>) => {
      setBusy(true);
      try {
        const answer = await work;
        queryClient.setQueryData(socialSignInKeys.links, answer);
        if (answer.message) toast(answer.message, 'success');
      } catch (error) {
        toast(error instanceof ApiError ? error.message : messages.serverError, 'error');
      } finally {
        setBusy(false);
      }
    },
    [queryClient],
  );

  const link = useCallback(
    (provider: SocialProvider, token: string) => void settle(linkSocial(provider, token)),
    [settle],
  );

  // Back from the sandbox's consent page with a token: link it.
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const returned = takeReturnedToken();
    if (returned) link(returned.provider, returned.accessToken);
  }, [link]);

  if (!enabled || !config.data) return null;
  const unlink = async () => {
    const provider = confirming;
    setConfirming(null);
    if (provider) await settle(unlinkSocial(provider));
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-label="Sign-in methods">
      <Title order={2} fz="lg" mb="sm">
        Sign-in methods
      </Title>
      {links.isPending ? (
        <Text c="dimmed">Loading your sign-in methods...</Text>
      ) : links.isError || !links.data ? (
        <Text c="red.8" role="alert">
          {messages.serverError}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {links.data.hasPassword
              ? 'You can log in with your email and password, and with the accounts linked here.'
              : 'Your account has no password yet: keep at least one account linked, or set a password with Forgot password.'}
          </Text>
          {links.data.providers.map(({ provider, linked }) => {
            const name = socialProviderNames[provider];
            return (
              <Group key={provider} justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm">
                  <Text fw={600}>{name}</Text>
                  <Badge color={linked ? 'green' : 'gray'} variant="light" size="lg">
                    {linked ? 'Linked' : 'Not linked'}
                  </Badge>
                </Group>
                {linked ? (
                  <Button variant="default" color="red" onClick={() => setConfirming(provider)} disabled={busy}>
                    Unlink {name}
                  </Button>
                ) : config.data.providers.includes(provider) ? (
                  <ProviderButton
                    provider={provider}
                    config={config.data}
                    label={`Link ${name}`}
                    text={`Link ${name}`}
                    googleText="continue_with"
                    returnPath={`/profile/${userId}`}
                    onToken={link}
                  />
                ) : null}
              </Group>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Unlink ${confirmed ? socialProviderNames[confirmed] : ''}?`}
        centered
      >
        <Stack gap="md">
          <Text>
            You will no longer be able to log in with this {confirmed ? socialProviderNames[confirmed] : ''} account.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void unlink()}>
              Unlink
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
