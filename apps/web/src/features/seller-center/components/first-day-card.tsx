import { Anchor, Card, Group, List, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useShopProfile } from '../api.ts';

/**
 * A new seller's first day: what the shop still lacks before buyers see it at its best (the profile, a banner, a
 * first product), each with a link to do it. Hidden once all three are done.
 */
export function FirstDayCard() {
  const profile = useShopProfile();
  if (!profile.data) return null;
  const { setup } = profile.data;
  const steps = [
    {
      done: setup.profile,
      label: 'Complete your shop profile',
      detail: 'A description and a phone number buyers can call.',
      to: '/seller-center/shop',
    },
    {
      done: setup.banner,
      label: 'Upload a shop banner',
      detail: 'The wide picture on top of your shop page.',
      to: '/seller-center/shop#banner',
    },
    {
      done: setup.product,
      label: 'Add your first product',
      detail: 'With its price, stock and photos, so buyers can find it by search.',
      to: '/seller-center/products/new',
    },
  ];
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="first-day-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="first-day-title">
          Welcome to the Seller Center, {profile.data.name}!
        </Title>
        <Text size="sm">
          Your shop is live at{' '}
          <Anchor href={`/shop/${profile.data.url_handle}`} target="_blank">
            /shop/{profile.data.url_handle}
          </Anchor>
          . A few steps remain before buyers see it at its best.
        </Text>
        <Group gap="sm" align="center">
          <Progress
            value={(done / steps.length) * 100}
            w={160}
            color="green.8"
            aria-label={`${done} of ${steps.length} steps done`}
          />
          <Text size="sm" c="dimmed">
            {done} of {steps.length} done
          </Text>
        </Group>
        <List spacing="sm" center listStyleType="none" p={0}>
          {steps.map((step) => (
            <List.Item
              key={step.label}
              icon={
                <ThemeIcon
                  color={step.done ? 'green.8' : 'gray.6'}
                  variant={step.done ? 'filled' : 'light'}
                  radius="xl"
                >
                  {step.done ? <IconCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
                </ThemeIcon>
              }
            >
              {step.done ? (
                <Text size="sm">
                  {step.label}{' '}
                  <Text span c="dimmed">
                    (done)
                  </Text>
                </Text>
              ) : (
                <Stack gap={0}>
                  <Anchor component={Link} to={step.to} fw={600} size="sm">
                    {step.label}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {step.detail}
                  </Text>
                </Stack>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}
