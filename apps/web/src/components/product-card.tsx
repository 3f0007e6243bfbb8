import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { formatPeso, messages, type ProductCard as ProductCardData } from '@tibay/contract';
import { lazy, useDeferredValue } from 'react';
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

/** The hover tooltip's popover code loads on the first mouse hover over a card's photo. */
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

/**
 * The product card of every grid: photo, seller, name, price, VIEW ITEM (new tab) and the cart button. Plain
 * elements styled by product-card.module.css to look like the Mantine Text, Button and ActionIcon it used to be:
 * a grid renders 15-20 cards at once, and each Mantine component costs a theme and style lookup (decision 0053).
 */
export function ProductCard({ product, onAddToCart, priority = false }: ProductCardProps) {
  const discounted = hasDiscount(product);
  const photo = (hover?: () => void) => (
    <div
      onPointerEnter={
        hover
          ? (event) => {
              if (event.pointerType === 'mouse') hover();
            }
          : undefined
      }
    >
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
      {/* The hover preview mounts on the first mouse hover (it opens at once then): not one per card at idle. */}
      <Deferred whenIdle={false} fallback={photo}>
        {() => (
          <ProductHoverCard product={product} initiallyOpened>
            {photo()}
          </ProductHoverCard>
        )}
      </Deferred>
      <div className={classes.body}>
        <div className={classes.seller}>
          <img
            src={product.seller.seller_logo ?? noLogo}
            onError={(event) => {
              event.currentTarget.src = noLogo;
            }}
            width={20}
            height={20}
            className={classes.logo}
            alt=""
            loading="lazy"
          />
          <p className={classes.sellerName}>{product.seller.name}</p>
        </div>
        <p className={classes.name} title={product.name}>
          {product.name}
        </p>
        <div>
          {discounted ? (
            <>
              <span className={classes.listPrice}>
                <span className={classes.visuallyHidden}>Regular price </span>
                {formatPeso(product.price)}
              </span>{' '}
              <span className={classes.price}>{formatPeso(product.discounted_price)}</span>
            </>
          ) : (
            <span className={classes.price}>{formatPeso(product.price)}</span>
          )}
          <PerUnit unit={product.selling_unit} />
        </div>
        <div className={classes.actions}>
          <a href={itemPath(product)} target="_blank" rel="noopener" className={classes.viewItem}>
            View item
          </a>
          {onAddToCart && (
            <button
              type="button"
              className={classes.addToCart}
              aria-label={`Add ${product.name} to cart`}
              onClick={() => onAddToCart(product)}
            >
              <IconShoppingCartPlus size={18} aria-hidden />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * A responsive grid of product cards with every state a listing has: skeleton placeholders while loading
 * (3 on search, otherwise 4), the load error, and "No Result Found" when the page is empty. A new list renders in a
 * transition (`useDeferredValue`): the query's answer arrives as a synchronous update, and the cards, rendered in
 * it, were one long task; deferred, React renders them in slices while the skeletons keep their space.
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
  const shownProducts = useDeferredValue(products);
  const waiting = loading || (shownProducts === undefined && products !== undefined);
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  }
  if (!waiting && shownProducts?.length === 0) {
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
    <SimpleGrid cols={columns} spacing="sm" aria-busy={waiting}>
      {waiting
        ? Array.from({ length: skeletons }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} height={320} radius="sm" />
          ))
        : shownProducts?.map((product, index) => (
            <ProductCard key={product.id} product={product} onAddToCart={onAddToCart} priority={index < 2} />
          ))}
    </SimpleGrid>
  );
}
