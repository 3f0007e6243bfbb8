import { Image, type ImageProps } from '@mantine/core';
import { type ComponentPropsWithoutRef, useState } from 'react';
import { sizedSrcSet } from '../lib/image-sizes.ts';

type SizedImageProps = ImageProps &
  Omit<ComponentPropsWithoutRef<'img'>, keyof ImageProps | 'srcSet'> & {
    /** Which widths to offer (lib/image-sizes.ts). */
    use: 'card' | 'banner';
  };

/**
 * Mantine's Image with a srcset of the stored picture's widths (decision 0029). When the picture fails to load, the
 * srcset is dropped too, so the fallback shows (a srcset would win over the fallback's src).
 */
export function SizedImage({ use, src, sizes, onError, ...props }: SizedImageProps) {
  const [failed, setFailed] = useState(false);
  const srcSet = failed ? undefined : sizedSrcSet(src, use);
  return (
    <Image
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      onError={(event) => {
        setFailed(true);
        onError?.(event);
      }}
      {...props}
    />
  );
}
