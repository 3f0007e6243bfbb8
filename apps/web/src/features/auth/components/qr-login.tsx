import { Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@tibay/contract';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { defaultLandingPath } from '../../../lib/return-url.ts';
import { generateLoginQr, qrCheckStatus } from '../api.ts';
import { completeQrLogin } from '../complete-login.ts';

/** Spec 1 §9: the QR status is polled every second. */
const POLL_MS = 1000;
/** A code approved at its last second is still collected by the next poll (the server allows a grace period). */
const EXPIRY_MARGIN_MS = 2000;

/**
 * The QR login view (spec 1 §4): a code is generated when the view opens; its status is polled every second;
 * when a signed-in phone approves it, the tokens are stored and the user goes to the seller listing.
 * A failure answer is shown after "ERROR:" and polling stops.
 * The code holds a link to /login?approveQr=…, so any phone already signed in to Tibay can approve it.
 */
export function QrLogin() {
  const navigate = useNavigate();
  const [qrToken, setQrToken] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Generate a code: when the view opens, and again on request after a failure.
  const generate = useCallback(() => {
    let cancelled = false;
    setQrToken(null);
    setImage(null);
    setError(null);
    generateLoginQr()
      .then(async ({ qrToken: token, expiresAt: expiry }) => {
        const link = `${window.location.origin}/login?approveQr=${encodeURIComponent(token)}`;
        const { toDataURL } = await import('qrcode');
        const dataUrl = await toDataURL(link, { width: 240, margin: 1, errorCorrectionLevel: 'M' });
        if (cancelled) return;
        setQrToken(token);
        setExpiresAt(Date.parse(expiry));
        setImage(dataUrl);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(err instanceof Error ? err.message : String(err));
      });
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => generate(), [generate]);

  // Poll its status every second until it is approved or fails.
  useEffect(() => {
    if (!qrToken || error) return;
    const controller = new AbortController();
    let busy = false;
    const timer = window.setInterval(async () => {
      if (busy) return;
      // An expired code is not polled: the view says so and offers a new one.
      if (expiresAt !== null && Date.now() >= expiresAt + EXPIRY_MARGIN_MS) {
        window.clearInterval(timer);
        setError(messages.qrExpired);
        return;
      }
      busy = true;
      try {
        const status = await qrCheckStatus(qrToken, controller.signal);
        if (!status.success) {
          window.clearInterval(timer);
          setError(status.message);
        } else if (status.authenticated && status.token) {
          window.clearInterval(timer);
          await completeQrLogin({ ...status, token: status.token });
          navigate(defaultLandingPath);
        }
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
        window.clearInterval(timer);
        setError(err instanceof ApiError ? err.message : String(err));
      } finally {
        busy = false;
      }
    }, POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [qrToken, expiresAt, error, navigate]);

  return (
    <Stack gap="sm" align="center">
      <Center w={240} h={240} bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
        {image ? (
          <Image src={image} w={240} h={240} alt="QR code to log in with the Tibay mobile app" />
        ) : error ? null : (
          <Loader aria-label="Generating QR code" />
        )}
      </Center>
      <Text size="sm" ta="center" maw={320}>
        Scan this code with the Tibay mobile app (or your phone's camera while you are logged in on it) to log in here.
      </Text>
      {error ? (
        <>
          <Text role="alert" c="red.8" size="sm" fw={600} ta="center">
            ERROR: {error}
          </Text>
          <Button variant="light" size="sm" onClick={() => generate()}>
            Generate a new code
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
