import '@mantine/carousel/styles.css';
import { BankPromoPopup } from '../../components/bank-promo-popup.tsx';
import { BestSellers } from './best-sellers.tsx';
import { FeaturedBlogs } from './components/featured-blogs.tsx';
import { HeroCarousel } from './components/hero-carousel.tsx';
import { PartnerSlider } from './components/partner-slider.tsx';
import { PartnerStrip } from './components/partner-strip.tsx';
import { ServiceHighlights } from './components/service-highlights.tsx';
import { MicrositeRedirect } from './microsite-redirect.tsx';

/** Home (spec 1 "Home"): hero, brand partners, best sellers, featured articles and the partner strip. */
export default function HomePage() {
  return (
    <>
      <MicrositeRedirect />
      <BankPromoPopup />
      <HeroCarousel />
      <ServiceHighlights />
      <PartnerSlider />
      <BestSellers />
      <FeaturedBlogs />
      <PartnerStrip />
    </>
  );
}
