import { Button } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { messages, type SocialConfigResponse, type SocialProvider } from '@tibay/contract';
import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast.ts';
import { facebookLogin, prepareFacebook, renderGoogleButton } from './provider-scripts.ts';

const icons = {
  facebook: <IconBrandFacebook size={20} color="#1877f2" aria-hidden />,
  google: <IconBrandGoogle size={20} color="#db4437" aria-hidden />,
};

/**
 * One provider's button. Sandbox: opens the local stand-in consent page, which comes back to `returnPath` with the
 * token in the URL fragment. Live: Google's own rendered button, or ours opening Facebook's login popup; the token
 * goes to `onToken` without leaving the page.
 */
export function ProviderButton({
  provider,
  config,
  label,
  text,
  googleText,
  returnPath,
  onToken,
}: {
  provider: SocialProvider;
  config: SocialConfigResponse;
  /** The button's accessible name, e.g. "Log in with Google". */
  label: string;
  /** Its visible text. */
  text: string;
  googleText: 'signin_with' | 'signup_with' | 'continue_with';
  returnPath: string;
  onToken: (provider: SocialProvider, token: string) => void;
}) {
  const googleSlot = useRef<HTMLDivElement>(null);
  const liveGoogle = config.mode === 'live' && provider === 'google' ? config.googleClientId : undefined;
  const liveFacebook = config.mode === 'live' && provider === 'facebook' ? config.facebookAppId : undefined;
  const latest = useRef(onToken);
  latest.current = onToken;

  useEffect(() => {
    if (!liveGoogle || !googleSlot.current) return;
    renderGoogleButton(googleSlot.current, liveGoogle, googleText, (token) => latest.current('google', token)).catch(
      () => toast(messages.socialUnavailable.replace('{provider}', 'Google'), 'error'),
    );
  }, [liveGoogle, googleText]);

  useEffect(() => {
    if (liveFacebook) prepareFacebook(liveFacebook).catch(() => undefined);
  }, [liveFacebook]);

  // Google draws its own button (with its own accessible name) into this element.
  if (liveGoogle) return <div ref={googleSlot} title={label} style={{ minHeight: 44 }} />;

  const start = () => {
    if (liveFacebook) {
      facebookLogin().then((token) => {
        if (token) latest.current('facebook', token);
      });
      return;
    }
    window.location.assign(`/sandbox-social/${provider}?return=${encodeURIComponent(returnPath)}`);
  };
  return (
    <Button variant="default" leftSection={icons[provider]} onClick={start} aria-label={label}>
      {text}
    </Button>
  );
}
