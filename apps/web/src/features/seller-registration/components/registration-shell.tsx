import { Box, Container, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { PageBanner } from '../../../components/page-banner.tsx';

export const registrationSteps = ['Company information', 'Shipping rates', 'Location', 'For approval'] as const;

/** The four steps of the registration (spec 3 §1, §2.3), the current one marked for screen readers too. */
function Steps({ current }: { current: number }) {
  return (
    <Box component="ol" aria-label="Registration steps" p={0} m={0} style={{ listStyle: 'none' }}>
      <Group gap="xs" wrap="wrap" justify="center">
        {registrationSteps.map((label, index) => {
          const done = index < current;
          const here = index === current;
          return (
            <Group
              key={label}
              component="li"
              gap={6}
              wrap="nowrap"
              aria-current={here ? 'step' : undefined}
              px="sm"
              py={4}
              style={{
                borderRadius: 999,
                background: here ? 'var(--mantine-color-brand-light)' : undefined,
              }}
            >
              <ThemeIcon
                size={24}
                radius="xl"
                color={done || here ? 'brand.8' : 'gray.5'}
                variant={done || here ? 'filled' : 'outline'}
                aria-hidden
              >
                {done ? (
                  <IconCheck size={14} />
                ) : (
                  <Text size="xs" fw={700}>
                    {index + 1}
                  </Text>
                )}
              </ThemeIcon>
              <Text size="sm" fw={here ? 700 : 500} c={here ? undefined : 'dimmed'}>
                {label}
                {done ? (
                  <Box component="span" style={visuallyHidden}>
                    {' '}
                    (done)
                  </Box>
                ) : null}
              </Text>
            </Group>
          );
        })}
      </Group>
    </Box>
  );
}

const visuallyHidden: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** A registration step's page: the banner, the steps, and the step's form on a card. */
export function RegistrationShell({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | Sign up as seller | Tibay`;
  }, [title]);
  return (
    <>
      <PageBanner
        title="Sign up as seller"
        crumb="Seller registration"
        subtitle="Register your company in four short steps. Our team reviews each registration in 3-5 working days."
      />
      <Container size="md" py={{ base: 'md', sm: 'xl' }}>
        <Steps current={step} />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'xl' }} mt="md">
          <Text component="h2" fz={{ base: 18, sm: 22 }} fw={800} tt="uppercase" mb="md">
            {title}
          </Text>
          {children}
        </Paper>
      </Container>
    </>
  );
}
