import { Anchor, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandFacebook, IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MapView } from '../../components/map-view.tsx';
import { PageBanner } from '../../components/page-banner.tsx';
import { siteInfo } from '../../components/site-info.ts';

function ContactRow({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={42} radius="md" color="brand" variant="light">
        {icon}
      </ThemeIcon>
      <Stack gap={2} miw={0}>
        <Title order={2} fz={13} tt="uppercase" c="dimmed" lts={0.5}>
          {title}
        </Title>
        {children}
      </Stack>
    </Group>
  );
}

/** Contact (spec 3 §2.5): phone, office address in Metro Manila, support email, social page and a map. */
export default function ContactPage() {
  return (
    <>
      <PageBanner
        title="Contact us"
        subtitle="Questions about an order, a delivery, BuildCredit or selling on Tibay? We are here to help."
      />
      <Container size="xl" py="xl">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="md" p="xl">
              <Stack gap="lg">
                <ContactRow icon={<IconPhone size={22} aria-hidden />} title="Phone">
                  <Anchor href={siteInfo.supportPhoneHref} fw={700} c="slate.9">
                    {siteInfo.supportPhone}
                  </Anchor>
                  <Anchor href={siteInfo.supportMobileHref} fw={700} c="slate.9">
                    {siteInfo.supportMobile}
                  </Anchor>
                </ContactRow>
                <ContactRow icon={<IconMail size={22} aria-hidden />} title="Email">
                  <Anchor href={`mailto:${siteInfo.supportEmail}`} fw={700} c="slate.9">
                    {siteInfo.supportEmail}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    We reply within one working day.
                  </Text>
                </ContactRow>
                <ContactRow icon={<IconMapPin size={22} aria-hidden />} title="Office">
                  <Text component="address" fs="normal" fw={600} c="slate.9">
                    {siteInfo.officeAddress}
                  </Text>
                </ContactRow>
                <ContactRow icon={<IconClock size={22} aria-hidden />} title="Hours">
                  <Text fw={600} c="slate.9">
                    {siteInfo.officeHours}
                  </Text>
                </ContactRow>
                <ContactRow icon={<IconBrandFacebook size={22} aria-hidden />} title="Facebook">
                  <Anchor href={siteInfo.facebookUrl} target="_blank" rel="noopener noreferrer" fw={700}>
                    {siteInfo.facebookLabel}
                  </Anchor>
                </ContactRow>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <MapView
              label="Map of the Tibay office"
              center={siteInfo.officeCoordinates}
              zoom={16}
              height={460}
              markers={[
                {
                  id: 'office',
                  position: siteInfo.officeCoordinates,
                  title: 'Tibay office',
                  popup: (
                    <>
                      <strong>Tibay office</strong>
                      <br />
                      {siteInfo.officeAddress}
                    </>
                  ),
                },
              ]}
            />
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
