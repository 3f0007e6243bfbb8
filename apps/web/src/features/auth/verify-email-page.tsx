import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@tibay/contract';
import { Link, useSearchParams } from 'react-router';
import { authKeys, verifyEmail } from './api.ts';
import { AuthCard } from './components/auth-card.tsx';

/** /verify-email?token=…: the link from the verification email. Verifies once and offers LOG IN. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  return (
    <AuthCard title="Verify Email">
      <Stack gap="md">
        {token === '' ? (
          <Alert color="red" role="alert">
            {messages.verifyLinkInvalid}
          </Alert>
        ) : result.isPending ? (
          <Center py="md">
            <Loader aria-label="Verifying your email" />
          </Center>
        ) : result.isError ? (
          <Alert color="red" role="alert">
            {result.error.message}
          </Alert>
        ) : (
          <Alert color="green" role="status">
            {result.data.message || messages.emailVerified}
          </Alert>
        )}
        <Button component={Link} to="/login" fullWidth>
          LOG IN
        </Button>
      </Stack>
    </AuthCard>
  );
}
