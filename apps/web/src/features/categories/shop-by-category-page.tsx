import {
  Alert,
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  Image,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import type { Category } from '@tibay/contract';
import { Link } from 'react-router';
import { useCategories } from './api.ts';

function categoryPath(category: Pick<Category, 'category_id' | 'product_category'>): string {
  return `/category/${category.category_id}?${new URLSearchParams({ category: category.product_category })}`;
}

function CategoryTile({ category }: { category: Category }) {
  const to = categoryPath(category);
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={category.product_category}>
      <Card.Section>
        <AspectRatio ratio={1}>
          <Image
            src={category.photo ?? undefined}
            fallbackSrc="/placeholder-product.svg"
            alt=""
            loading="lazy"
            fit="cover"
          />
        </AspectRatio>
      </Card.Section>
      <Text fw={800} tt="uppercase" mt="sm" ta="center" lineClamp={2} size="sm" mb="xs">
        {category.product_category}
      </Text>
      <Button
        component={Link}
        to={to}
        size="sm"
        variant="outline"
        mt="auto"
        fullWidth
        aria-label={`SHOW MORE ${category.product_category}`}
      >
        SHOW MORE
      </Button>
    </Card>
  );
}

/** /shopbycategory (spec 1 "Shop by category"): a tile per category linking to its product page. */
export default function ShopByCategoryPage() {
  const categories = useCategories();
  return (
    <Container size="xl" py="lg">
      <Box mb="lg">
        <Title order={1} fz={{ base: 22, sm: 28 }} tt="uppercase" c="slate.9">
          <Text component="span" inherit c="dimmed">
            SHOP /{' '}
          </Text>
          SHOP BY CATEGORY
        </Title>
        <Text size="sm" fw={600} c="brand.8" mt={4} lts={0.5}>
          EXPLORE OUR OTHER PRODUCTS
        </Text>
      </Box>
      {categories.isError ? (
        <Alert color="red" role="alert" title="Categories">
          {categories.error.message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md" aria-busy={categories.isPending}>
          {categories.isPending
            ? Array.from({ length: 10 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={index} height={260} radius="md" />
              ))
            : categories.data.map((category) => <CategoryTile key={category.category_id} category={category} />)}
        </SimpleGrid>
      )}
      {categories.data?.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl" fw={600}>
          No Result Found
        </Text>
      ) : null}
    </Container>
  );
}
