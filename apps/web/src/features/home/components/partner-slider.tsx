import { Carousel } from '@mantine/carousel';
import { Box, Container, SimpleGrid, Skeleton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import { usePartners } from '../api/content.ts';
import { PartnerLogo } from './partner-logo.tsx';
import classes from './partner-slider.module.css';
import { SectionHeading } from './section-heading.tsx';

/** The brand-partner logo slider under the hero (spec 1 Home). Hidden when there are no partners. */
export function PartnerSlider() {
  const partners = usePartners();
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    if (!embla || reduceMotion) return;
    const timer = window.setInterval(() => embla.scrollNext(), 3000);
    return () => window.clearInterval(timer);
  }, [embla, reduceMotion]);

  if (partners.isError || (partners.data && partners.data.length === 0)) return null;
  return (
    <Box component="section" aria-labelledby="brand-partners-title" py="xl" bg="white">
      <Container size="xl">
        <SectionHeading
          id="brand-partners-title"
          title="Our brand partners"
          subtitle="Genuine products from the brands builders trust."
        />
        {partners.data ? (
          <Carousel
            slideSize={{ base: '50%', xs: '33.333%', sm: '25%', md: '16.666%' }}
            slideGap="md"
            emblaOptions={{ loop: partners.data.length > 6, align: 'start', dragFree: true }}
            getEmblaApi={setEmbla}
            controlSize={30}
            classNames={{ control: classes.control }}
            withControls={partners.data.length > 2}
          >
            {partners.data.map((partner) => (
              <Carousel.Slide key={partner.id}>
                <PartnerLogo partner={partner} />
              </Carousel.Slide>
            ))}
          </Carousel>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="md">
            {[1, 2, 3, 4, 5, 6].map((key) => (
              <Skeleton key={key} style={{ aspectRatio: '2 / 1' }} radius="md" />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}
