import { Carousel } from '@mantine/carousel';
import { useReducedMotion } from '@mantine/hooks';
import type { PartnerItem } from '@tibay/contract';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import { PartnerLogo } from './partner-logo.tsx';
import classes from './partner-slider.module.css';

/** The brand-partner slider (lazily loaded by PartnerSlider): turns every 3 s unless motion is reduced. */
export default function PartnerCarousel({ partners }: { partners: PartnerItem[] }) {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    if (!embla || reduceMotion) return;
    const timer = window.setInterval(() => embla.scrollNext(), 3000);
    return () => window.clearInterval(timer);
  }, [embla, reduceMotion]);

  return (
    <Carousel
      slideSize={{ base: '50%', xs: '33.333%', sm: '25%', md: '16.666%' }}
      slideGap="md"
      emblaOptions={{ loop: partners.length > 6, align: 'start', dragFree: true }}
      getEmblaApi={setEmbla}
      controlSize={30}
      classNames={{ control: classes.control }}
      withControls={partners.length > 2}
    >
      {partners.map((partner) => (
        <Carousel.Slide key={partner.id}>
          <PartnerLogo partner={partner} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
