import '@mantine/carousel/styles.css';
import { FeaturedBlogs } from './components/featured-blogs.tsx';
import { HeroCarousel } from './components/hero-carousel.tsx';
import { PartnerSlider } from './components/partner-slider.tsx';
import { PartnerStrip } from './components/partner-strip.tsx';
import { ServiceHighlights } from './components/service-highlights.tsx';

/** Home (spec 1 "Home"): hero, brand partners, best sellers, featured articles and the partner strip. */
export default function HomePage() {
  return (
    <>
      <HeroCarousel />
      <ServiceHighlights />
      <PartnerSlider />
      {/*
        BEST SELLERS — reserved for the best-seller product section (a later issue): category tabs
        ALL (0), CEMENT (2), STEEL BAR (1), ROOFING (17), SEALING (18), CONCRETE (16), LIGHTS (5), TOOLS (13),
        SEE MORE (/shopbycategory), the dropdown variant on phones, and pagination with 15 products a page.
        It renders here, between the brand partners and the featured articles.
      */}
      <FeaturedBlogs />
      <PartnerStrip />
    </>
  );
}
