import { Alert, Button, Container, Paper, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCustomer } from '../../lib/customer.ts';
import { safeReturnUrl } from '../../lib/return-url.ts';
import { useSession } from '../../lib/session.ts';
import { ChangeAddressForm } from './change-address-form.tsx';

/**
 * /change-address/{userId} (?newUser=true, ?returnUrl=): the delivery address of the signed-in customer
 * (spec 2 "Change address"). After saving it goes to returnUrl when that is a path on this site, otherwise to
 * /shopbyseller?page=1. Another user's id shows not found.
 */
export default function ChangeAddressPage() {
  const { userId } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const own = session.token !== null && session.userId !== null && String(session.userId) === userId;
  // The saved address comes from the server (the stored copy may be older).
  const me = useCustomer(own);
  useEffect(() => {
    document.title = 'Change delivery address | Tibay';
  }, []);

  if (!session.token) {
    return <Navigate to={`/login?returnUrl=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  const newUser = params.get('newUser') === 'true';
  const returnUrl = params.get('returnUrl');

  return (
    <Container size="md" py="xl">
      <Title order={1} fz={{ base: 22, sm: 28 }} tt="uppercase" mb="xs">
        {newUser ? 'ADD DELIVERY ADDRESS' : 'CHANGE DELIVERY ADDRESS'}
      </Title>
      {!own ? (
        <Alert color="red" title="Not found">
          This address page is not yours.{' '}
          <Button component={Link} to="/" variant="subtle" size="compact-sm">
            GO HOME
          </Button>
        </Alert>
      ) : (
        <>
          <Text c="dimmed" mb="md">
            {newUser
              ? 'Welcome! Tell us where to deliver your orders: search your area, then pin your exact location.'
              : 'Search your area, then drag the pin to your exact delivery location.'}
          </Text>
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
            {me.isPending ? (
              <Text c="dimmed">Loading your address...</Text>
            ) : (
              <ChangeAddressForm
                initial={me.data ?? session.user}
                onSaved={() => navigate(returnUrl ? safeReturnUrl(returnUrl) : '/shopbyseller?page=1')}
              />
            )}
          </Paper>
        </>
      )}
    </Container>
  );
}
