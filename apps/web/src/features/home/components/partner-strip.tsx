import { Box, Container, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useDeferredValue, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useBlogs, usePartners } from '../api.ts';
import { PartnerLogo } from './partner-logo.tsx';
import { SectionHeading } from './section-heading.tsx';

/** What a visitor does to scroll on their own. */
const visitorScrolls = ['wheel', 'touchstart', 'keydown'] as const;

/** The partner logo strip (id "partners"); /?partners=true scrolls here (spec 1 routes). */
export function PartnerStrip() {
  const partners = usePartners();
  // The logos render in a transition (sliced, not one long task); the skeletons hold their place until then.
  const shown = useDeferredValue(partners.data);
  // The articles above change the page's height when they arrive, so scroll once both have settled.
  const blogs = useBlogs();
  const settled = !partners.isPending && !blogs.isPending;
  const [params] = useSearchParams();
  const location = useLocation();
  const scrollHere = params.get('partners') === 'true';

  // Scroll on every visit to /?partners=true (location.key changes even when the URL is the same), once the
  // sections above have their answers. They render them in transitions (decision 0053), so the page above may
  // still grow for a moment: the strip is followed while the page's height changes, for 3 s at most, and no
  // longer once the visitor scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger for repeated visits
  useEffect(() => {
    if (!scrollHere || !settled) return;
    let behavior: ScrollBehavior = 'smooth';
    let frame = 0;
    const scroll = () => {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => {
        document.getElementById('partners')?.scrollIntoView({ behavior, block: 'start' });
        behavior = 'auto';
      });
    };
    const heightChanges = new ResizeObserver(scroll);
    const stop = () => {
      heightChanges.disconnect();
      for (const type of visitorScrolls) window.removeEventListener(type, stop);
    };
    scroll();
    heightChanges.observe(document.body);
    for (const type of visitorScrolls) window.addEventListener(type, stop, { passive: true });
    const timer = window.setTimeout(stop, 3000);
    return () => {
      stop();
      window.clearTimeout(timer);
      window.cancelAnimationFrame(frame);
    };
  }, [scrollHere, settled, location.key]);

  return (
    <Box
      component="section"
      id="partners"
      aria-labelledby="partners-title"
      py="xl"
      bg="white"
      style={{ scrollMarginTop: 56, borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="xl">
        <SectionHeading
          id="partners-title"
          title="Partners"
          subtitle="Manufacturers, distributors, couriers and banks working with Tibay."
        />
        {partners.isPending || (partners.data && !shown) ? (
          <SimpleGrid cols={{ base: 3, sm: 5, lg: 10 }} spacing="sm">
            {[1, 2, 3, 4, 5, 6, 7, 8].map((key) => (
              <Skeleton key={key} style={{ aspectRatio: '2 / 1' }} radius="md" />
            ))}
          </SimpleGrid>
        ) : shown && shown.length > 0 ? (
          <SimpleGrid cols={{ base: 3, sm: 5, lg: 10 }} spacing="sm">
            {shown.map((partner) => (
              <PartnerLogo key={partner.id} partner={partner} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed" size="sm">
            Our partner list is being updated. Please check back soon.
          </Text>
        )}
      </Container>
    </Box>
  );
}
