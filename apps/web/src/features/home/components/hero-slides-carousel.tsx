import { Carousel } from '@mantine/carousel';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import classes from './hero-carousel.module.css';
import { HeroSlide, heroSlides } from './hero-slide.tsx';

/** The hero's carousel (lazily loaded by HeroCarousel): turns every 6 s unless motion is reduced. */
export default function HeroSlidesCarousel() {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const reduceMotion = useReducedMotion();
  // Phones swipe: the previous/next arrows sat on top of ORDER NOW (a CSS rule could not outrank Mantine's).
  const phone = useMediaQuery('(max-width: 48em)');
  useEffect(() => {
    if (!embla || reduceMotion) return;
    const timer = window.setInterval(() => embla.scrollNext(), 6000);
    return () => window.clearInterval(timer);
  }, [embla, reduceMotion]);

  return (
    <Carousel
      withIndicators
      withControls={!phone}
      emblaOptions={{ loop: true }}
      getEmblaApi={setEmbla}
      controlSize={36}
      classNames={{ indicator: classes.indicator }}
    >
      {heroSlides.map((slide, index) => (
        <Carousel.Slide key={slide.title} aria-label={`Slide ${index + 1} of ${heroSlides.length}`}>
          <HeroSlide slide={slide} index={index} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
