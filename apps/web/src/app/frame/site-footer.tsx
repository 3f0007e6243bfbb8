import { ActionIcon, Anchor, Box, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandTiktok, IconBrandYoutube } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { siteInfo } from '../../components/site-info.ts';
import { StoreBadges } from '../../components/store-badges.tsx';
import { TibayLogo } from '../../components/tibay-logo.tsx';
import classes from './site-footer.module.css';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8}>
      <Title order={2} fz={13} tt="uppercase" c="white" lts={0.6}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FooterLink({ to, state, children }: { to: string; state?: unknown; children: string }) {
  return (
    <Anchor component={Link} to={to} state={state} c="slate.2" fz="sm" underline="hover">
      {children}
    </Anchor>
  );
}

const socials = [
  { label: 'Tibay on Facebook', href: siteInfo.facebookUrl, icon: IconBrandFacebook },
  { label: 'Tibay on Instagram', href: siteInfo.instagramUrl, icon: IconBrandInstagram },
  { label: 'Tibay on TikTok', href: siteInfo.tiktokUrl, icon: IconBrandTiktok },
  { label: 'Tibay on YouTube', href: siteInfo.youtubeUrl, icon: IconBrandYoutube },
];

/** The dark footer: app badges, About Us links, Customer Care, social links and copyright (spec 1 "Footer"). */
export function SiteFooter() {
  return (
    <Box component="footer" bg="slate.9" c="slate.2" pt={40} pb={24} mt="xl">
      <Container size="xl">
        <div className={classes.columns}>
          <div className={classes.wide}>
            <Stack gap="sm">
              <TibayLogo height={30} />
              <Text fz="sm" c="slate.2" maw={300}>
                Building materials from trusted hardware sellers, delivered to your site across Metro Manila and nearby
                provinces.
              </Text>
              <Text fz={13} fw={700} c="white" tt="uppercase" mt={4} lts={0.6}>
                Download the app
              </Text>
              <StoreBadges height={38} />
            </Stack>
          </div>
          <div>
            <FooterColumn title="About Us">
              <FooterLink to="/About">About Tibay</FooterLink>
              <FooterLink to="/Blogs">Blogs</FooterLink>
              <FooterLink to="/?partners=true">Partners</FooterLink>
              <FooterLink to="/seller">Sell on Tibay</FooterLink>
              <FooterLink to="/Privacy-Policy">Privacy Policy</FooterLink>
            </FooterColumn>
          </div>
          <div>
            <FooterColumn title="Customer Care">
              <FooterLink to="/FAQs">FAQs</FooterLink>
              {/* These open the help page on its Orders and Delivery (4) and Payments (5) tabs. */}
              <FooterLink to="/FAQs" state={{ tab: 4 }}>
                Delivery Areas
              </FooterLink>
              <FooterLink to="/FAQs" state={{ tab: 5 }}>
                Payment Options
              </FooterLink>
              <FooterLink to="/Contact">Contact Us</FooterLink>
              <Anchor href={siteInfo.supportPhoneHref} c="slate.2" fz="sm" underline="hover">
                {siteInfo.supportPhone}
              </Anchor>
              <Anchor href={`mailto:${siteInfo.supportEmail}`} c="slate.2" fz="sm" underline="hover">
                {siteInfo.supportEmail}
              </Anchor>
              <Text fz="xs" c="slate.4">
                {siteInfo.officeHours}
              </Text>
            </FooterColumn>
          </div>
          <div className={classes.wide}>
            <FooterColumn title="Follow Us">
              <Group gap={6}>
                {socials.map(({ label, href, icon: Icon }) => (
                  <ActionIcon
                    key={label}
                    component="a"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    variant="light"
                    color="gray.0"
                    size={36}
                    radius="xl"
                  >
                    <Icon size={20} aria-hidden />
                  </ActionIcon>
                ))}
              </Group>
            </FooterColumn>
          </div>
        </div>
        <Divider my="lg" color="rgba(255,255,255,0.12)" />
        <Group justify="space-between" gap="xs">
          <Text fz="xs" c="slate.3">
            {siteInfo.copyright}
          </Text>
          <Text fz="xs" c="slate.4">
            Prices in Philippine pesos (₱), tax included.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
