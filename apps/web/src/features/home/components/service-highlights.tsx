import { Box, Container, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconCreditCard, IconShieldCheck, IconTruckDelivery } from '@tabler/icons-react';

const highlights = [
  { icon: IconBuildingStore, title: 'Local hardware sellers', text: 'Shop stores near your site' },
  { icon: IconTruckDelivery, title: 'Next-day delivery', text: 'Order by 4:00 PM daily' },
  { icon: IconCreditCard, title: 'BuildCredit', text: 'Buy now, pay on terms' },
  { icon: IconShieldCheck, title: 'Secure payments', text: 'Card, e-wallet, OTC, COD' },
];

/** A slim band of the marketplace's promises under the hero. */
export function ServiceHighlights() {
  return (
    <Box bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="xl" py="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', md: 'lg' }}>
          {highlights.map(({ icon: Icon, title, text }) => (
            <Group key={title} gap="sm" wrap="nowrap" align="center">
              <ThemeIcon size={40} radius="md" variant="light" color="brand">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <Box miw={0}>
                <Text fw={700} fz={{ base: 12, sm: 14 }} c="slate.9" tt="uppercase" lh={1.2}>
                  {title}
                </Text>
                <Text size="xs" c="dimmed" lh={1.3}>
                  {text}
                </Text>
              </Box>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
