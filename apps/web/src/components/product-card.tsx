import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { formatPeso, messages, type ProductCard as ProductCardData } from '@tibay/contract';
import { lazy } from 'react';
import { CARD_SIZES } from '../lib/image-sizes.ts';
import { Deferred } from './deferred.tsx';
import { PerUnit } from './per-unit.tsx';
import classes from './product-card.module.css';
import { SizedImage } from './sized-image.tsx';

/** A seller without a logo (or whose logo fails to load): a grey disc. */
const noLogo =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><circle cx="10" cy="10" r="10" fill="#dee2e6"/></svg>',
  );

/** The hover tooltip's popover code loads after the first paint. */
const ProductHoverCard = lazy(() => import('./product-hover-card.tsx'));

/** The discounted price is shown (list price struck through) only when it is at least ₱1 (spec 1: Seller shop page). */
export function hasDiscount(product: Pick<ProductCardData, 'discounted_price'>): boolean {
  return product.discounted_price >= 100;
}

export function itemPath(product: Pick<ProductCardData, 'id' | 'slug'>): string {
  return `/item/${product.id}/${product.slug}`;
}

export interface ProductCardProps {
  product: ProductCardData;
  /** Opens the add-to-cart popup for this product. */
  onAddToCart?: (product: ProductCardData) => void;
  /** One of the first cards, on screen at once: its photo is fetched first, not lazily. */
  priority?: boolean;
}

/** The product card of every grid: photo, seller, name, price, VIEW ITEM (new tab) and the cart button. */
export function ProductCard({ product, onAddToCart, priority = false }: ProductCardProps) {
  const discounted = hasDiscount(product);
  const photo = (
    <div>
      <SizedImage
        use="card"
        src={product.photo ?? undefined}
        sizes={CARD_SIZES}
        fallbackSrc="/placeholder-product.svg"
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        className={classes.photo}
      />
    </div>
  );
  return (
    <article className={classes.card} aria-label={product.name}>
      <Deferred fallback={() => photo}>{() => <ProductHoverCard product={product}>{photo}</ProductHoverCard>}</Deferred>
      <div className={classes.body}>
        <Group gap={6} wrap="nowrap">
          <Image
            src={product.seller.seller_logo ?? undefined}
            fallbackSrc={noLogo}
            w={20}
            h={20}
            radius="xl"
            alt=""
            loading="lazy"
            style={{ flex: 'none' }}
          />
          <Text size="xs" c="dimmed" lineClamp={2}>
            {product.seller.name}
          </Text>
        </Group>
        <Text className={classes.name} title={product.name}>
          {product.name}
        </Text>
        <div>
          {discounted ? (
            <>
              <Text component="span" className={classes.listPrice}>
                <VisuallyHidden>Regular price </VisuallyHidden>
                {formatPeso(product.price)}
              </Text>{' '}
              <Text component="span" className={classes.price}>
                {formatPeso(product.discounted_price)}
              </Text>
            </>
          ) : (
            <Text component="span" className={classes.price}>
              {formatPeso(product.price)}
            </Text>
          )}
          <PerUnit unit={product.selling_unit} />
        </div>
        <Group gap={6} mt="auto" wrap="nowrap">
          <Button
            component="a"
            href={itemPath(product)}
            target="_blank"
            rel="noopener"
            size="xs"
            variant="outline"
            flex={1}
          >
            View item
          </Button>
          {onAddToCart && (
            <ActionIcon
              size="lg"
              variant="filled"
              aria-label={`Add ${product.name} to cart`}
              onClick={() => onAddToCart(product)}
            >
              <IconShoppingCartPlus size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </div>
    </article>
  );
}

/**
 * A responsive grid of product cards with every state a listing has: skeleton placeholders while loading
 * (3 on search, otherwise 4), the load error, and "No Result Found" when the page is empty.
 */
export function ProductGrid({
  products,
  loading,
  error,
  emptyHint,
  skeletons = 4,
  onAddToCart,
  columns = { base: 2, sm: 3, md: 4, lg: 5 },
}: {
  products: ProductCardData[] | undefined;
  loading: boolean;
  error?: Error | null;
  /** A line under "No Result Found" (e.g. what to try instead). */
  emptyHint?: string;
  skeletons?: number;
  onAddToCart?: (product: ProductCardData) => void;
  columns?: Record<string, number>;
}) {
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  }
  if (!loading && products?.length === 0) {
    return (
      <Stack align="center" py="xl" gap={4}>
        <Text fw={700} size="lg">
          {messages.noResultFound}
        </Text>
        {emptyHint && (
          <Text size="sm" c="dimmed">
            {emptyHint}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={columns} spacing="sm" aria-busy={loading}>
      {loading
        ? Array.from({ length: skeletons }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} height={320} radius="sm" />
          ))
        : products?.map((product, index) => (
            <ProductCard key={product.id} product={product} onAddToCart={onAddToCart} priority={index < 2} />
          ))}
    </SimpleGrid>
  );
}
