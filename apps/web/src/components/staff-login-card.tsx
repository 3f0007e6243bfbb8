import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import { TibayLogo } from './tibay-logo.tsx';

/** The login card of the staff sites (the admin's and the seller center's): site name, intro, email and password. */
export function StaffLoginCard(props: {
  site: string;
  intro: string;
  error: string | null;
  /** The site's form (it may hold more fields than these two). */
  form: { getInputProps(path: 'email' | 'password'): GetInputPropsReturnType };
  submitting: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Center mih="100dvh" p="md" bg="slate.0">
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="md">
          <Stack gap={4} align="center">
            <TibayLogo tone="dark" />
            <Title order={1} size="h3" tt="uppercase">
              {props.site}
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              {props.intro}
            </Text>
          </Stack>
          {props.error && (
            <Alert color="red" role="alert">
              {props.error}
            </Alert>
          )}
          <form onSubmit={props.onSubmit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                required
                {...props.form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                {...props.form.getInputProps('password')}
              />
              <Button type="submit" loading={props.submitting} fullWidth>
                LOG IN
              </Button>
            </Stack>
          </form>
          <Anchor href="/" size="sm" ta="center">
            Go to the Tibay shop
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
