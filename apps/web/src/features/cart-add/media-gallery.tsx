import { AspectRatio, Box, Group, Image, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ProductDetail } from '@tibay/contract';
import { useState } from 'react';
import classes from './media-gallery.module.css';

type Media = { kind: 'image' | 'video'; url: string; label: string };

function mediaOf(product: ProductDetail): Media[] {
  const images = product.product_images.map((image, index) => ({
    kind: 'image' as const,
    url: image.url,
    label: `Show image ${index + 1}`,
  }));
  const videos = product.product_videos.map((video, index) => ({
    kind: 'video' as const,
    url: video.url,
    label: `Play video ${index + 1}`,
  }));
  const all = [...images, ...videos];
  if (all.length === 0 && product.photo) all.push({ kind: 'image', url: product.photo, label: 'Show image 1' });
  return all;
}

/** The product's images and videos: one large view and a row of thumbnail buttons. */
export function MediaGallery({ product, compact = false }: { product: ProductDetail; compact?: boolean }) {
  const media = mediaOf(product);
  const [index, setIndex] = useState(0);
  const current = media[Math.min(index, media.length - 1)];
  return (
    <Box>
      <AspectRatio ratio={1} className={classes.stage} maw={compact ? 340 : 520} mx="auto">
        {!current ? (
          <Image src="/placeholder-product.svg" alt="" fit="contain" />
        ) : current.kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: seller videos come without captions
          <video key={current.url} src={current.url} controls className={classes.video} aria-label={product.name} />
        ) : (
          <Image src={current.url} alt={product.name} fit="contain" fallbackSrc="/placeholder-product.svg" />
        )}
      </AspectRatio>
      {media.length > 1 && (
        <Group gap="xs" mt="sm" className={classes.thumbs} wrap="nowrap" role="group" aria-label="Product media">
          {media.map((item, i) => (
            <UnstyledButton
              key={`${item.kind}-${item.url}`}
              className={classes.thumb}
              data-active={i === index || undefined}
              aria-label={item.label}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            >
              {item.kind === 'image' ? (
                <Image src={item.url} alt="" w="100%" h="100%" fit="cover" fallbackSrc="/placeholder-product.svg" />
              ) : (
                <span className={classes.videoThumb}>
                  <IconPlayerPlayFilled size={22} aria-hidden />
                </span>
              )}
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Box>
  );
}
