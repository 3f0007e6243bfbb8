import { Box } from '@mantine/core';
import { lazy } from 'react';
import { Deferred } from '../../../components/deferred.tsx';
import classes from './hero-carousel.module.css';
import { HeroSlide, heroSlides } from './hero-slide.tsx';

/** The carousel code (Mantine Carousel, Embla) loads after the first paint, which shows the first slide. */
const HeroSlidesCarousel = lazy(() => import('./hero-slides-carousel.tsx'));

/** The two-slide hero (spec 1 Home), each with ORDER NOW to the seller listing. */
export function HeroCarousel() {
  return (
    <Box component="section" aria-label="Highlights" className={classes.section}>
      <Deferred fallback={() => <HeroSlide slide={heroSlides[0]!} index={0} />}>
        {() => <HeroSlidesCarousel />}
      </Deferred>
    </Box>
  );
}
