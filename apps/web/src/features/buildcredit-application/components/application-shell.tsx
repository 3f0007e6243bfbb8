import { Alert, Button, Container, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { type CreditApplication, messages, creditApplicationMessages as words } from '@tibay/contract';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useApplication } from '../api.ts';

const steps = ['Company information', 'Bank information', 'Summary', 'Consent'];

/**
 * The frame of the four application pages: title, steps, the status (a Pending or Approved application is not
 * changed here) and the administrators' request for more documents or last rejection.
 */
export function ApplicationShell({
  step,
  children,
}: {
  step: number;
  children: (application: CreditApplication | null, customerId: number) => ReactNode;
}) {
  const { token } = useSession();
  const navigate = useNavigate();
  const application = useApplication();
  useEffect(() => {
    if (token) return;
    toast(messages.loginFirst, 'error');
    navigate('/login', { replace: true });
  }, [token, navigate]);

  const detail = application.data?.rpafDetail ?? null;
  const locked = detail?.status === 'Pending' || detail?.status === 'Approved';

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          BUILDCREDIT APPLICATION
        </Title>
        <Stepper active={step} size="sm" allowNextStepsSelect={false} aria-label="Application steps" visibleFrom="sm">
          {steps.map((label) => (
            <Stepper.Step key={label} label={label} aria-label={label} />
          ))}
        </Stepper>
        <Text size="sm" fw={600} hiddenFrom="sm">
          Step {step + 1} of 4: {steps[step]}
        </Text>
        {application.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading your application" />
          </Group>
        ) : application.isError ? (
          <Alert color="red" role="alert" title="Your application could not be loaded.">
            <Group justify="space-between">
              <Text size="sm">Please check your connection and try again.</Text>
              <Button size="xs" variant="default" onClick={() => void application.refetch()}>
                TRY AGAIN
              </Button>
            </Group>
          </Alert>
        ) : locked ? (
          <Alert color={detail?.status === 'Approved' ? 'green' : 'blue'} role="status">
            <Stack gap="xs">
              <Text size="sm">{detail?.status === 'Approved' ? words.approved : messages.buildCreditProcessing}</Text>
              <Group>
                <Button component={Link} to="/" size="xs" variant="default">
                  BACK TO HOME
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <>
            {detail?.documents_note ? (
              <Alert color="orange" role="status" title="More documents are needed">
                {detail.documents_note}
              </Alert>
            ) : null}
            {detail?.status === 'Rejected' && detail.decision_note ? (
              <Alert color="red" role="status" title="Your last application was not approved">
                {detail.decision_note} You may update your application and submit it again.
              </Alert>
            ) : null}
            {children(detail, application.data?.customerDetail.id ?? 0)}
          </>
        )}
      </Stack>
    </Container>
  );
}

/** SAVE AS DRAFT's last part: the toast, then home after 1.5 s (spec 3 §4). */
export function useDraftSaved() {
  const navigate = useNavigate();
  return () => {
    toast(words.drafted, 'success');
    window.setTimeout(() => navigate('/'), 1500);
  };
}
