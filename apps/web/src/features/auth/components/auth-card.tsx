import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the account screens: one centred card, full width on a phone. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
      <Paper
        withBorder
        shadow="sm"
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        maw={480}
        mx="auto"
        component="section"
        aria-labelledby="auth-card-title"
      >
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} id="auth-card-title" fz={{ base: 24, sm: 28 }} tt="uppercase">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
