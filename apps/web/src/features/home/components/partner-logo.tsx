import { Image } from '@mantine/core';
import type { PartnerItem } from '@tibay/contract';
import { lazy } from 'react';
import { Deferred } from '../../../components/deferred.tsx';
import classes from './partner-logo.module.css';

/** The name tooltip's positioning code loads after the first paint. */
const PartnerTooltip = lazy(() => import('./partner-tooltip.tsx'));

/** A partner's logo in a fixed box (no layout shift), linking out when the partner has a site. */
export function PartnerLogo({ partner }: { partner: PartnerItem }) {
  const image = (
    <Image src={partner.logoUrl} alt={partner.name} loading="lazy" fit="contain" className={classes.image} />
  );
  const logo = partner.link ? (
    <a href={partner.link} target="_blank" rel="noopener noreferrer" className={classes.box}>
      {image}
    </a>
  ) : (
    <div className={classes.box}>{image}</div>
  );
  return (
    <Deferred fallback={() => logo}>{() => <PartnerTooltip label={partner.name}>{logo}</PartnerTooltip>}</Deferred>
  );
}
