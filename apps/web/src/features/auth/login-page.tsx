import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMail, IconQrcode } from '@tabler/icons-react';
import { type LoginResponse, loginRequest } from '@tibay/contract';
import { useCallback, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { StoreBadges } from '../../components/store-badges.tsx';
import { ApiError } from '../../lib/api.ts';
import { safeReturnUrl } from '../../lib/return-url.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { ApproveQrDialog } from '../qr-approval/index.ts';
import { SocialButtons } from '../social-sign-in/index.ts';
import { login, resendVerification } from './api.ts';
import { completeLogin } from './complete-login.ts';
import { AuthCard } from './components/auth-card.tsx';
import { ForgotPasswordForm } from './components/forgot-password-form.tsx';
import { QrLogin } from './components/qr-login.tsx';
import { useSignedInAtOpen } from './use-signed-in-at-open.ts';

/** /login: by password or QR code (spec 1: Login screen; §4 session and QR; §7, §8 answers). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const signedInAtOpen = useSignedInAtOpen();
  const approveQr = params.get('approveQr');

  // A phone already signed in scanned a login QR code: it approves the other device.
  if (approveQr && session.token) return <ApproveQrDialog qrToken={approveQr} />;
  // A logged-in user opening /login goes to / (spec 1 §2).
  if (signedInAtOpen && session.token) return <Navigate to="/" replace />;
  return <LoginScreen returnUrl={params.get('returnUrl')} approving={Boolean(approveQr)} />;
}

function LoginScreen({ returnUrl, approving }: { returnUrl: string | null; approving: boolean }) {
  const navigate = useNavigate();
  const [view, setView] = useState<'password' | 'qr'>('password');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [unverified, setUnverified] = useState<{ email: string; message: string } | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', rememberMe: false },
    validate: schemaResolver(loginRequest, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setUnverified(null);
    try {
      const response = await login(loginRequest.parse(values));
      await completeLogin(response);
      // With a pending QR approval the page stays here and shows the approval dialog.
      if (!approving) navigate(safeReturnUrl(returnUrl), { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'EMAIL_NOT_VERIFIED') setUnverified({ email: values.email.trim(), message: error.message });
      toast(error.message, 'error');
      setSubmitting(false);
    }
  });

  const finishSocialLogin = useCallback(
    async (response: LoginResponse) => {
      await completeLogin(response);
      navigate(safeReturnUrl(returnUrl), { replace: true });
    },
    [navigate, returnUrl],
  );

  const resend = async () => {
    if (!unverified) return;
    setResending(true);
    try {
      const result = await resendVerification(unverified.email);
      toast(result.message, 'success');
    } catch (error) {
      toast(error instanceof ApiError ? error.message : String(error), 'error');
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard title="Log In" subtitle={approving ? 'Log in to approve the sign-in on your other device.' : undefined}>
      {view === 'password' ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {unverified ? (
              <Alert color="yellow" title="Email not verified">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{unverified.message}</Text>
                  <Button size="xs" variant="light" onClick={resend} loading={resending}>
                    Resend verification email
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
              {...form.getInputProps('password')}
            />
            <Group justify="space-between" wrap="nowrap">
              <Checkbox label="Remember me" {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
              <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen(true)}>
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" loading={submitting} fullWidth>
              LOG IN
            </Button>
          </Stack>
        </form>
      ) : (
        <QrLogin />
      )}
      <UnstyledButton
        onClick={() => setView(view === 'password' ? 'qr' : 'password')}
        style={{ alignSelf: 'center' }}
        c="brand.8"
        fw={600}
        fz="sm"
      >
        <Group gap={6} wrap="nowrap">
          {view === 'password' ? <IconQrcode size={18} aria-hidden /> : <IconMail size={18} aria-hidden />}
          {view === 'password' ? 'Log in with QR code' : 'Log in with email and password'}
        </Group>
      </UnstyledButton>
      <SocialButtons mode="login" onLogin={finishSocialLogin} />
      <Text size="sm" ta="center">
        New to Tibay?{' '}
        <Anchor component={Link} to="/signup">
          Sign up
        </Anchor>
      </Text>
      <Stack gap={6} align="center">
        <Text size="xs" c="dimmed">
          Get the Tibay app
        </Text>
        <StoreBadges height={36} justify="center" />
      </Stack>
      <Modal opened={forgotOpen} onClose={() => setForgotOpen(false)} title="Forgot Password" centered>
        <ForgotPasswordForm autoFocus />
      </Modal>
    </AuthCard>
  );
}
