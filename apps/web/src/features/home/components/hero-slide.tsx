import { Box, Button, Container, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import heroDeliver from '../../../assets/hero-deliver.svg';
import classes from './hero-carousel.module.css';

export interface HeroSlideData {
  image: string;
  eyebrow: string;
  title: string;
  text: string;
}

export const heroSlides: HeroSlideData[] = [
  {
    // The home page's largest paint: the server draws this slide before the app runs and preloads the picture
    // (decision 0049), so it is a public file at a fixed address, not a hashed asset.
    image: '/hero-build.svg',
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

/** One hero slide: artwork, eyebrow, title (the first slide's is the page's h1), text and ORDER NOW. */
export function HeroSlide({ slide, index }: { slide: HeroSlideData; index: number }) {
  return (
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
  );
}
