import { Carousel } from '@mantine/carousel';
import { Box, Button, Container, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import heroBuild from '../../../assets/hero-build.svg';
import heroDeliver from '../../../assets/hero-deliver.svg';
import classes from './hero-carousel.module.css';

const slides = [
  {
    image: heroBuild,
    eyebrow: 'Cement · Steel bars · Roofing · Paint · Tools',
    title: 'Building materials, delivered to your site',
    text: 'Order from trusted hardware sellers near you and compare prices in one place.',
  },
  {
    image: heroDeliver,
    eyebrow: 'Lalamove · Transportify · Partner fleet',
    title: 'Many sellers, one cart, fast delivery',
    text: 'Check out per seller and get your order as soon as the next day. Pay by card, e-wallet, COD or BuildCredit.',
  },
];

/** The two-slide hero (spec 1 Home), each with ORDER NOW to the seller listing. Turns every 6 s unless motion is reduced. */
export function HeroCarousel() {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const reduceMotion = useReducedMotion();
  useEffect(() => {
    if (!embla || reduceMotion) return;
    const timer = window.setInterval(() => embla.scrollNext(), 6000);
    return () => window.clearInterval(timer);
  }, [embla, reduceMotion]);

  return (
    <Box component="section" aria-label="Highlights" className={classes.section}>
      <Carousel
        withIndicators
        emblaOptions={{ loop: true }}
        getEmblaApi={setEmbla}
        controlSize={36}
        classNames={{ indicator: classes.indicator, control: classes.control }}
      >
        {slides.map((slide, index) => (
          <Carousel.Slide key={slide.title} aria-label={`Slide ${index + 1} of ${slides.length}`}>
            <Box className={classes.slide}>
              <img
                src={slide.image}
                alt=""
                className={classes.art}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
              <div className={classes.shade} />
              <Container size="xl" className={classes.content}>
                <Text className={classes.eyebrow}>{slide.eyebrow}</Text>
                <Title order={index === 0 ? 1 : 2} className={classes.title}>
                  {slide.title}
                </Title>
                <Text className={classes.text}>{slide.text}</Text>
                <Button
                  component={Link}
                  to="/shopbyseller?page=1"
                  size="md"
                  mt="md"
                  rightSection={<IconArrowRight size={18} aria-hidden />}
                >
                  ORDER NOW
                </Button>
              </Container>
            </Box>
          </Carousel.Slide>
        ))}
      </Carousel>
    </Box>
  );
}
