import {
  Alert,
  Anchor,
  Avatar,
  Breadcrumbs,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBuildingStore, IconMapPin } from '@tabler/icons-react';
import { formatCount, messages, type ProductDetailResponse } from '@tibay/contract';
import { useDeferredValue, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { MediaGallery, PriceBlock, PurchasePanel, useProductDetail, usePurchase } from '../cart-add/index.ts';
import classes from './item-page.module.css';
import { ReviewList, Stars } from './reviews.tsx';

/** /item/:productId/:slug? (spec 1: Item page). */
export default function ItemPage() {
  const { productId } = useParams();
  const id = Number(productId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useProductDetail(valid ? id : null);
  // The page renders in a transition once the answer is in (React slices it instead of one long task); the
  // skeleton, which keeps the page's shape, stays until then (decision 0053).
  const data = useDeferredValue(query.data);

  useEffect(() => {
    if (query.data) document.title = `${query.data.product.name} | Tibay`;
  }, [query.data]);

  if (!valid || query.isError) {
    return (
      <Container size="lg" py="xl">
        <Alert color="red" role="alert" title={messages.errorLoadingItem}>
          <Anchor component={Link} to="/">
            Back to home
          </Anchor>
        </Alert>
      </Container>
    );
  }
  if (!data) return <ItemSkeleton />;
  return <ItemDetail key={data.product.id} data={data} />;
}

function ItemDetail({ data }: { data: ProductDetailResponse }) {
  const { product, item_reviews, seller_reviews } = data;
  const state = usePurchase(product, product.is_paint ? 'paint' : 'page');
  return (
    <Container size="xl" py="md">
      <Breadcrumbs separator="›" mb="md" className={classes.crumbs} aria-label="Breadcrumb">
        <Anchor component={Link} to="/" fz="sm">
          Home
        </Anchor>
        <Anchor component={Link} to={`/category/${product.category.category_id}`} fz="sm">
          {product.category.product_category}
        </Anchor>
        <Text fz="sm" c="dimmed" truncate maw={320}>
          {product.name}
        </Text>
      </Breadcrumbs>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <MediaGallery product={product} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            {product.brand && (
              <Text fz="sm" c="dimmed" tt="uppercase">
                {product.brand}
              </Text>
            )}
            <Title order={1} fz={{ base: 22, md: 28 }}>
              {product.name}
            </Title>
            <Group gap="sm">
              <Stars value={product.rating.average_rating} />
              <Text fz="sm" c="dimmed">
                {product.rating.total} {product.rating.total === 1 ? 'review' : 'reviews'} ·{' '}
                {formatCount(product.sold_count)} sold
              </Text>
            </Group>
            <PriceBlock product={product} shown={state.shown} chosen={state.variationId !== null} />
            <div className={classes.purchase}>
              <PurchasePanel state={state} variations={product.variations} clearChatBubble />
            </div>
            <SellerCard data={data} />
          </Stack>
        </Grid.Col>
      </Grid>
      {product.description && (
        <Paper component="section" withBorder p="md" radius="md" mt="xl" aria-labelledby="item-description">
          <Title order={2} fz="lg" id="item-description">
            Description
          </Title>
          <Text fz="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
            {product.description}
          </Text>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="xl">
        <ReviewList title="Item reviews" summary={item_reviews} />
        <ReviewList title="Seller reviews" summary={seller_reviews} showProduct />
      </SimpleGrid>
    </Container>
  );
}

function SellerCard({ data }: { data: ProductDetailResponse }) {
  const { seller } = data.product;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Seller">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={seller.seller_logo} size={48} radius="md" alt="">
          <IconBuildingStore size={24} />
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/shop/${seller.url_handle}`} fw={700}>
            {seller.company_name}
          </Anchor>
          <Group gap={4} wrap="nowrap" align="flex-start">
            <IconMapPin size={14} style={{ flex: 'none', marginTop: 3 }} aria-hidden />
            <Text fz="sm" c="dimmed">
              {seller.address}
            </Text>
          </Group>
        </div>
      </Group>
    </Paper>
  );
}

function ItemSkeleton() {
  return (
    <Container size="xl" py="md" aria-busy="true" aria-label="Loading item">
      <Skeleton h={14} w={240} mb="md" />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Skeleton h={420} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <Skeleton h={28} w="80%" />
            <Skeleton h={16} w="40%" />
            <Skeleton h={28} w="30%" />
            <Skeleton h={40} />
            <Skeleton h={40} />
            <Skeleton h={44} />
            <Skeleton h={70} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
