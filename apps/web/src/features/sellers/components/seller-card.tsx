import { Avatar, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { catalogLimits, type SellerCard as SellerCardData } from '@tibay/contract';
import { Link } from 'react-router';

/** Distance in km: one decimal below 10 km, whole numbers above. */
export function formatDistance(km: number): string {
  return km < 10 ? `${km.toFixed(1)} km away` : `${Math.round(km).toLocaleString('en-PH')} km away`;
}

/** A seller card: logo, name, location, distance (nearby), up to 4 product photos; opens /shop/{url_handle}. */
export function SellerCard({ seller }: { seller: SellerCardData }) {
  const photos = seller.products.slice(0, catalogLimits.sellerCardPhotos);
  return (
    <Card
      component={Link}
      to={`/shop/${seller.url_handle}`}
      withBorder
      radius="md"
      padding="md"
      style={{ height: '100%' }}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar src={seller.logo} alt="" size={56} radius="md" color="brand">
          {seller.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text component="h2" fw={700} size="md" lh={1.25} lineClamp={2} m={0}>
            {seller.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} aria-hidden color="var(--mantine-color-gray-6)" style={{ flex: 'none' }} />
            <Text size="sm" c="dimmed" truncate>
              {seller.location}
            </Text>
          </Group>
          {seller.distance_km !== null ? (
            <Text size="xs" fw={600} c="brand.8">
              {formatDistance(seller.distance_km)}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <SimpleGrid cols={4} spacing={6} mt="md">
        {Array.from({ length: catalogLimits.sellerCardPhotos }, (_, index) => {
          const product = photos[index];
          return (
            <Image
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed photo slots
              key={index}
              src={product?.photo ?? undefined}
              fallbackSrc="/placeholder-product.svg"
              alt=""
              loading="lazy"
              radius="sm"
              style={{ aspectRatio: '1 / 1', objectFit: 'cover', background: 'var(--mantine-color-gray-1)' }}
            />
          );
        })}
      </SimpleGrid>
    </Card>
  );
}
