import { Alert, Grid, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages, type ProductDetail } from '@tibay/contract';
import { useLastShown } from '../../lib/use-last-shown.ts';
import { useProductDetail } from './api.ts';
import { MediaGallery } from './media-gallery.tsx';
import { PriceBlock } from './price-block.tsx';
import { PurchasePanel } from './purchase-panel.tsx';
import { usePurchase } from './use-purchase.ts';

export interface AddToCartPopupProps {
  /** The product to add; the popup is open while this is not null. */
  productId: number | null;
  onClose: () => void;
}

/**
 * The add-to-cart popup opened from a product card's cart button (spec 1: Add-to-cart popup). Paint products
 * show the colour-and-volume variant. Closes after a successful add.
 */
export function AddToCartPopup({ productId, onClose }: AddToCartPopupProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useProductDetail(useLastShown(productId));
  const product = query.data?.product;
  return (
    <Modal
      opened={productId !== null}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          {product?.name ?? 'Add to cart'}
        </Text>
      }
      size="56rem"
      fullScreen={phone}
      centered
    >
      {query.isError ? (
        <Alert color="red" role="alert">
          {messages.errorLoadingItem}
        </Alert>
      ) : !product || product.id !== productId ? (
        <PopupSkeleton />
      ) : (
        <PopupBody key={product.id} product={product} onAdded={onClose} />
      )}
    </Modal>
  );
}

function PopupBody({ product, onAdded }: { product: ProductDetail; onAdded: () => void }) {
  const state = usePurchase(product, product.is_paint ? 'paint' : 'popup', onAdded);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <MediaGallery product={product} compact />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {product.seller.company_name}
          </Text>
          <PriceBlock product={product} shown={state.shown} chosen={state.variationId !== null} size="lg" />
          <PurchasePanel state={state} variations={product.variations} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function PopupSkeleton() {
  return (
    <Grid gap="lg" aria-busy="true">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Skeleton h={300} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Stack>
          <Skeleton h={14} w="40%" />
          <Skeleton h={24} w="80%" />
          <Skeleton h={24} w="30%" />
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={42} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
