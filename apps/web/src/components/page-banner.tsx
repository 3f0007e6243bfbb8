import { Anchor, Box, Breadcrumbs, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The dark heading band at the top of content pages: breadcrumb, uppercase title and a short line under it. */
export function PageBanner({ title, subtitle, crumb }: { title: string; subtitle?: string; crumb?: string }) {
  return (
    <Box bg="slate.9" c="white" py={{ base: 'lg', sm: 36 }}>
      <Container size="xl">
        <Breadcrumbs
          separator="/"
          mb={6}
          styles={{ separator: { color: 'var(--mantine-color-slate-4)' } }}
          aria-label="Breadcrumb"
        >
          <Anchor component={Link} to="/" size="xs" c="slate.2" tt="uppercase" fw={600}>
            Home
          </Anchor>
          <Text size="xs" c="brand.4" tt="uppercase" fw={600} aria-current="page">
            {crumb ?? title}
          </Text>
        </Breadcrumbs>
        <Title order={1} fz={{ base: 24, sm: 32 }} tt="uppercase" lts={0.5}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="slate.2" mt={6} maw={720} size="sm">
            {subtitle}
          </Text>
        ) : null}
      </Container>
    </Box>
  );
}
