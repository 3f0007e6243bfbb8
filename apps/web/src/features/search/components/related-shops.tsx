import { Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatCount, type SearchResponse } from '@tibay/contract';
import { Link } from 'react-router';

/** Shops related to the query: 3, or 2 on phones (spec 1 "Search results"); each opens /shop/{url_handle}. */
export function RelatedShops({ shops }: { shops: SearchResponse['related_shops'] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const shown = shops.slice(0, phone ? 2 : 3);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="related-shops-heading">
      <Title order={2} id="related-shops-heading" fz="sm" tt="uppercase" c="slate.7" mb="xs">
        Shops related to your search
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
        {shown.map((shop) => (
          <Card
            key={shop.id}
            component={Link}
            to={`/shop/${encodeURIComponent(shop.url_handle)}`}
            withBorder
            radius="md"
            padding="sm"
          >
            <Group gap="sm" wrap="nowrap" align="center">
              <Avatar src={shop.logo} alt="" size={44} radius="xl" />
              <Stack gap={0} miw={0}>
                <Text fw={700} size="sm" lineClamp={2}>
                  {shop.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {shop.location}
                </Text>
                <Text size="xs" c="brand.8" fw={600}>
                  {formatCount(shop.product_count)} {shop.product_count === 1 ? 'product' : 'products'}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** Three shops of placeholder text, the shape of a typical answer (one line of name each). */
const placeholderShops: SearchResponse['related_shops'] = [1, 2, 3].map((id) => ({
  id,
  name: 'Shop',
  url_handle: 'shop',
  logo: null,
  location: 'City',
  product_count: 0,
}));

/**
 * The space the related shops will take, kept while the first answer loads (invisible, out of the accessibility
 * tree): without it the results grid would be pushed down when they appear (Lighthouse measured a layout shift of
 * 0.2 on phones).
 */
export function RelatedShopsPlaceholder() {
  return (
    <div aria-hidden style={{ visibility: 'hidden' }}>
      <RelatedShops shops={placeholderShops} />
    </div>
  );
}
