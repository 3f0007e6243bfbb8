import { Container, Paper } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { SignedInSessions } from './signed-in-sessions.tsx';

/** /account/sessions: the signed-in devices section on its own until the profile page hosts it. */
export default function SessionsPage() {
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    document.title = 'Signed-in devices | Tibay';
  }, []);
  if (!session.token) {
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(location.pathname)}`} replace />;
  }
  return (
    <Container size="md" py="xl">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <SignedInSessions />
      </Paper>
    </Container>
  );
}
