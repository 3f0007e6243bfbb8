import { Box, Container, Grid, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye, IconTarget } from '@tabler/icons-react';
import { PageBanner } from '../../components/page-banner.tsx';

/** The ISAVE values (spec 3 §2.5). */
const values = [
  {
    letter: 'I',
    name: 'Innovation',
    text: 'We use technology to make buying materials simpler, from pinning a site on a map to paying on credit.',
  },
  {
    letter: 'S',
    name: 'Service',
    text: 'We answer quickly, deliver on time and treat every order, big or small, as if it were our own project.',
  },
  {
    letter: 'A',
    name: 'Accountability',
    text: 'We own our promises to buyers and sellers, and we make things right when something goes wrong.',
  },
  {
    letter: 'V',
    name: 'Virtue',
    text: 'We deal honestly: fair prices, genuine products and clear terms, with no hidden charges.',
  },
  {
    letter: 'E',
    name: 'Excellence',
    text: 'We hold ourselves to the standard of a well-built structure: solid, tested and made to last.',
  },
];

/** About (spec 3 §2.5): about text, mission, vision and the ISAVE values. */
export default function AboutPage() {
  return (
    <>
      <PageBanner title="About us" subtitle="Tibay is Filipino for strength. We help Filipinos build to last." />
      <Container size="xl" py="xl">
        <Grid gap="xl" align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Title order={2} fz={{ base: 22, sm: 26 }} c="slate.9" tt="uppercase">
                Building materials, the easier way
              </Title>
              <Text>
                Tibay is an online marketplace for construction and hardware supplies in the Philippines. We connect
                homeowners, contractors and hardware stores with local sellers, distributors and manufacturers of
                cement, steel bars, roofing, paint, aggregates, lights and tools.
              </Text>
              <Text>
                Buying materials used to mean calling store after store for prices and stock, then arranging your own
                truck. On Tibay you compare sellers near your site, order from several of them in one cart, and have
                everything delivered by Lalamove, Transportify or our partner fleet. Businesses can buy on terms with
                BuildCredit, our trade credit line offered with a bank partner.
              </Text>
              <Text>
                For sellers, Tibay is a shop that never closes: a page for their products, orders from customers beyond
                their street, and tools to manage stock and deliveries.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SimpleGrid cols={2} spacing="md">
              {[
                ['12', 'delivery areas in and around Metro Manila'],
                ['Next day', 'delivery on local orders placed by 4:00 PM'],
                ['5', 'ways to pay, including COD and BuildCredit'],
                ['3-5 days', 'to approve a new seller'],
              ].map(([figure, label]) => (
                <Paper key={label} withBorder radius="md" p="md">
                  <Text fz={26} fw={800} c="brand.7" lh={1.1}>
                    {figure}
                  </Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {label}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Grid.Col>
        </Grid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt={48}>
          <Paper withBorder radius="md" p="xl">
            <ThemeIcon size={44} radius="md" color="brand" variant="light">
              <IconTarget size={24} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz={20} mt="sm" tt="uppercase" c="slate.9">
              Our mission
            </Title>
            <Text mt="xs">
              To give every Filipino builder fair prices, genuine materials and reliable delivery, by bringing the
              country’s hardware sellers online and giving them the tools to grow.
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="xl">
            <ThemeIcon size={44} radius="md" color="brand" variant="light">
              <IconEye size={24} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz={20} mt="sm" tt="uppercase" c="slate.9">
              Our vision
            </Title>
            <Text mt="xs">
              To be the Philippines’ most trusted marketplace for building materials, where any project, from a single
              room to a subdivision, can be supplied with a few taps.
            </Text>
          </Paper>
        </SimpleGrid>

        <Box mt={48}>
          <Title order={2} fz={{ base: 22, sm: 26 }} c="slate.9" tt="uppercase" ta="center">
            Our values: ISAVE
          </Title>
          <Text c="dimmed" ta="center" mt={4} mb="lg">
            Five values guide how we work with buyers, sellers and each other.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
            {values.map((value) => (
              <Paper key={value.name} withBorder radius="md" p="lg" ta="center">
                <Text fz={44} fw={800} c="brand.7" lh={1} aria-hidden>
                  {value.letter}
                </Text>
                <Title order={3} fz={16} mt="xs" tt="uppercase" c="slate.9">
                  {value.name}
                </Title>
                <Text size="sm" c="dimmed" mt={6}>
                  {value.text}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Box>
      </Container>
    </>
  );
}
