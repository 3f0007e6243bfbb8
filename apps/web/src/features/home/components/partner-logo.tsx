import { Image, Tooltip } from '@mantine/core';
import type { Partner } from '../api/content.ts';
import classes from './partner-logo.module.css';

/** A partner's logo in a fixed box (no layout shift), linking out when the partner has a site. */
export function PartnerLogo({ partner }: { partner: Partner }) {
  const image = (
    <Image src={partner.logoUrl} alt={partner.name} loading="lazy" fit="contain" className={classes.image} />
  );
  return (
    <Tooltip label={partner.name} openDelay={300}>
      {partner.link ? (
        <a href={partner.link} target="_blank" rel="noopener noreferrer" className={classes.box}>
          {image}
        </a>
      ) : (
        <div className={classes.box}>{image}</div>
      )}
    </Tooltip>
  );
}
