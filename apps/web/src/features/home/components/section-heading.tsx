import { Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A home section title: orange bar, uppercase heading, optional line and right-side action. */
export function SectionHeading({
  id,
  title,
  subtitle,
  action,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <Box>
        <Group gap={10} wrap="nowrap">
          <Box w={5} h={24} bg="brand.7" style={{ borderRadius: 2 }} aria-hidden />
          <Title order={2} id={id} fz={{ base: 19, sm: 22 }} tt="uppercase" c="slate.9" lts={0.4}>
            {title}
          </Title>
        </Group>
        {subtitle ? (
          <Text size="sm" c="dimmed" mt={4} ml={15}>
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {action}
    </Group>
  );
}
