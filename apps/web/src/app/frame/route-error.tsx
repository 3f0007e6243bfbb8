import { Box, Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { TibayLogo } from '../../components/tibay-logo.tsx';

/** Shown in place of the frame when a page fails to load or throws: says what happened and leads home. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A page's code can fail to load after a new version is deployed; reloading fetches the new files.
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  const title = notFound ? 'PAGE NOT FOUND' : 'SOMETHING WENT WRONG';
  const detail = notFound
    ? 'The page you are looking for does not exist or has moved.'
    : chunkFailed
      ? 'Tibay was updated while you were browsing. Reload the page to get the latest version.'
      : 'Sorry, this page could not be shown. Please try again, or go back to the home page.';
  return (
    <Box mih="100vh" bg="gray.0">
      <Box bg="slate.9" py="sm" px="md">
        <Link to="/" aria-label="Tibay home" style={{ display: 'inline-flex' }}>
          <TibayLogo height={30} />
        </Link>
      </Box>
      <Center px="md" py={80}>
        <Stack align="center" gap="md" maw={520} ta="center">
          <Text fz={64} fw={800} c="brand.7" lh={1} aria-hidden>
            {notFound ? '404' : 'Oops!'}
          </Text>
          <Title order={1} fz={26} c="slate.9">
            {title}
          </Title>
          <Text c="dimmed">{detail}</Text>
          {import.meta.env.DEV && error instanceof Error ? (
            <Code block maw="100%" style={{ textAlign: 'left' }}>
              {error.message}
            </Code>
          ) : null}
          <Group justify="center">
            <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
              Back to home
            </Button>
            {notFound ? null : (
              <Button
                variant="outline"
                leftSection={<IconRefresh size={18} aria-hidden />}
                onClick={() => window.location.reload()}
              >
                Reload page
              </Button>
            )}
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
