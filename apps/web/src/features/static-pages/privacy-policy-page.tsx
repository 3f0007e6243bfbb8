import { Anchor, Box, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageBanner } from '../../components/page-banner.tsx';
import { siteInfo } from '../../components/site-info.ts';

interface Section {
  title: string;
  body: ReactNode;
}

const sections: Section[] = [
  {
    title: 'Information we collect',
    body: (
      <>
        <Text>We collect only what we need to run the marketplace:</Text>
        <List spacing={4}>
          <List.Item>
            <strong>Account information</strong>: your name, email address, phone number, password (stored only as a
            secure hash), delivery addresses and the location you pin on the map. Sellers and BuildCredit applicants
            also give business details and documents such as permits, IDs and bank information.
          </List.Item>
          <List.Item>
            <strong>Order information</strong>: the products you buy, order instructions, payment method and delivery
            details, and the messages you exchange with sellers and our support team.
          </List.Item>
          <List.Item>
            <strong>Logs</strong>: when you use Tibay our servers record technical data such as your IP address, browser
            and device type, the pages you open and the time of each request.
          </List.Item>
          <List.Item>
            <strong>Cookies and local storage</strong>: we keep your login session, cart count and delivery address in
            your browser so the site works as you move between pages. We do not use advertising cookies.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    title: 'How we use your information',
    body: (
      <List spacing={4}>
        <List.Item>To create and secure your account and verify your email address.</List.Item>
        <List.Item>To show sellers and products near your delivery address.</List.Item>
        <List.Item>To process orders and payments, arrange delivery and send order updates.</List.Item>
        <List.Item>To review BuildCredit applications and seller registrations.</List.Item>
        <List.Item>To answer your questions and resolve complaints, returns and refunds.</List.Item>
        <List.Item>To prevent fraud, keep the service running and improve it.</List.Item>
        <List.Item>To comply with the law, including tax and accounting rules.</List.Item>
      </List>
    ),
  },
  {
    title: 'How we protect your information',
    body: (
      <Text>
        Your data travels over encrypted connections (HTTPS) and is stored on access-controlled servers. Passwords are
        stored as one-way hashes. Card payments are handled by payment partners certified under the Payment Card
        Industry Data Security Standard (PCI-DSS); Tibay never receives or stores your full card number. Only staff who
        need your data for their work can see it, and their access is logged.
      </Text>
    ),
  },
  {
    title: 'How long we keep your information',
    body: (
      <Text>
        We keep your information for as long as your account is active and afterwards for as long as it is needed for
        the purposes in this policy: to complete and support orders, settle payments and credit, resolve disputes, and
        meet legal, tax and accounting obligations. When it is no longer needed, we delete or anonymise it.
      </Text>
    ),
  },
  {
    title: 'Sharing with third parties',
    body: (
      <>
        <Text>We do not sell your personal information. We share it only as needed to serve you:</Text>
        <List spacing={4}>
          <List.Item>with the sellers you order from, so they can prepare your order;</List.Item>
          <List.Item>with couriers (Lalamove, Transportify and our partner fleet), so they can deliver it;</List.Item>
          <List.Item>with payment gateways and banks, to process payments;</List.Item>
          <List.Item>with our BuildCredit bank partner, when you apply for or use BuildCredit;</List.Item>
          <List.Item>
            with service providers who host our systems and send our emails, under confidentiality terms;
          </List.Item>
          <List.Item>with government authorities, when the law requires it.</List.Item>
        </List>
      </>
    ),
  },
  {
    title: 'Minimum age',
    body: (
      <Text>
        Tibay is for people 18 years old and above. We do not knowingly collect information from anyone under 18. If you
        believe a minor has given us personal information, contact us and we will delete it.
      </Text>
    ),
  },
  {
    title: 'Links to other sites',
    body: (
      <Text>
        Tibay links to other sites, such as blog articles, seller websites, app stores, our bank partner and social
        media pages. Their owners have their own privacy policies, and we are not responsible for how they handle your
        information. Please read their policies before giving them your data.
      </Text>
    ),
  },
  {
    title: 'Changes to this policy',
    body: (
      <Text>
        We may update this policy when our services or the law change. We will post the new version on this page with
        its date, and tell you by email or on the site when the changes are significant. Using Tibay after a change
        means you accept the updated policy.
      </Text>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <Text>
        Under the Data Privacy Act of 2012 (Republic Act No. 10173) you have the right to be informed, to access your
        personal data, to correct it, to object to its processing, to have it erased or blocked, to data portability,
        and to file a complaint with the National Privacy Commission. You can update most of your details in your
        profile; for anything else, contact us.
      </Text>
    ),
  },
  {
    title: 'Contact us',
    body: (
      <Stack gap={6}>
        <Text>For questions or requests about your personal information, contact our Data Protection Officer:</Text>
        <Text>
          Email:{' '}
          <Anchor href={`mailto:${siteInfo.privacyEmail}`} fw={600}>
            {siteInfo.privacyEmail}
          </Anchor>
        </Text>
        <Text component="address" fs="normal">
          Mail: {siteInfo.postalAddress}
        </Text>
      </Stack>
    ),
  },
];

/** Privacy policy (spec 3 §2.5): ten numbered sections. */
export default function PrivacyPolicyPage() {
  return (
    <>
      <PageBanner title="Privacy policy" subtitle="How Tibay collects, uses and protects your personal information." />
      <Container size="md" py="xl">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Text size="sm" c="dimmed">
            Last updated: January 5, 2026
          </Text>
          <Text mt="sm">
            This policy explains what personal information Tibay collects when you use our website and mobile apps, why
            we collect it and how we keep it safe. By using Tibay you agree to this policy.
          </Text>
          <Box component="ol" p={0} m={0} mt="lg" style={{ listStyle: 'none' }}>
            {sections.map((section, index) => (
              <Box component="li" key={section.title} mt={index === 0 ? 0 : 'xl'}>
                <Title order={2} fz={18} c="slate.9" mb="xs">
                  {index + 1}. {section.title}
                </Title>
                <Stack gap="xs" c="gray.8" fz="sm">
                  {section.body}
                </Stack>
              </Box>
            ))}
          </Box>
        </Paper>
      </Container>
    </>
  );
}
