import { type ComponentPropsWithoutRef, useState } from 'react';
import { sizedSrcSet } from '../lib/image-sizes.ts';
import classes from './sized-image.module.css';

type SizedImageProps = Omit<ComponentPropsWithoutRef<'img'>, 'srcSet' | 'alt'> & {
  /** What the picture shows ("" when it is decoration beside text that says it). */
  alt: string;
  /** Which widths to offer (lib/image-sizes.ts). */
  use: 'card' | 'banner';
  /** Shown when there is no picture or it fails to load. */
  fallbackSrc?: string;
};

/**
 * A block picture covering its box, with a srcset of the stored picture's widths (decision 0029). A plain `<img>`
 * (it renders in every product card, decision 0053). When the picture fails to load, the srcset is dropped too, so
 * the fallback shows (a srcset would win over the fallback's src).
 */
export function SizedImage({ use, src, alt, sizes, fallbackSrc, onError, className, ...props }: SizedImageProps) {
  const [failed, setFailed] = useState(false);
  const shown = failed || !src ? fallbackSrc : src;
  const srcSet = shown === src ? sizedSrcSet(src, use) : undefined;
  return (
    <img
      src={shown}
      alt={alt}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      onError={(event) => {
        if (shown === src) setFailed(true);
        onError?.(event);
      }}
      className={className ? `${classes.image} ${className}` : classes.image}
      {...props}
    />
  );
}
