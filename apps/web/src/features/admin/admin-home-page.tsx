import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { adminMenuSections } from './admin-layout.tsx';

/** /admin-v2: the admin menu only (spec 3 §2.1), in the sidebar's sections. */
export default function AdminHomePage() {
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Admin
      </Title>
      {adminMenuSections.map((section) => (
        <Stack key={section.label} gap="xs" component="section" aria-label={section.label}>
          <Title order={2} size="h4">
            {section.label}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {section.links.map((item) => (
              <Card key={item.to} withBorder component={Link} to={item.to} padding="lg">
                <Group gap="sm" wrap="nowrap">
                  <item.icon size={28} aria-hidden />
                  <Text fw={700} tt="uppercase">
                    {item.label}
                  </Text>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
