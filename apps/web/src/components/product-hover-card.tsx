import { HoverCard, Image, Text } from '@mantine/core';
import type { ProductCard as ProductCardData } from '@tibay/contract';
import type { ReactElement } from 'react';

/**
 * The product card's hover tooltip: photo and a 20-word description, or "No description available" (spec 1:
 * Seller shop page). Loaded on the first mouse hover by ProductCard.
 */
export default function ProductHoverCard({
  product,
  children,
  initiallyOpened = false,
}: {
  product: Pick<ProductCardData, 'photo' | 'description_excerpt'>;
  children: ReactElement;
  /** Mounted by the first hover: open without waiting for another. */
  initiallyOpened?: boolean;
}) {
  return (
    // A preview for the mouse only (the card itself opens the item): no popup roles on the photo.
    <HoverCard
      width={260}
      shadow="md"
      openDelay={300}
      position="top"
      withinPortal
      withRoles={false}
      initiallyOpened={initiallyOpened}
    >
      <HoverCard.Target>{children}</HoverCard.Target>
      <HoverCard.Dropdown>
        <Image src={product.photo ?? undefined} fallbackSrc="/placeholder-product.svg" alt="" h={120} fit="contain" />
        <Text size="sm" mt="xs">
          {product.description_excerpt ?? 'No description available'}
        </Text>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
