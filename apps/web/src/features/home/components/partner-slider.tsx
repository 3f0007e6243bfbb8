import { Box, Container, SimpleGrid, Skeleton } from '@mantine/core';
import { lazy, useDeferredValue } from 'react';
import { Deferred } from '../../../components/deferred.tsx';
import { usePartners } from '../api.ts';
import { PartnerLogo } from './partner-logo.tsx';
import { SectionHeading } from './section-heading.tsx';

/** The slider code loads after the first paint, which shows the first six logos in a row. */
const PartnerCarousel = lazy(() => import('./partner-carousel.tsx'));

/** The brand-partner logo slider under the hero (spec 1 Home). Hidden when there are no partners. */
export function PartnerSlider() {
  const partners = usePartners();
  // The logos render in a transition (sliced, not one long task); the skeletons hold their place until then.
  const shown = useDeferredValue(partners.data);

  if (partners.isError || (partners.data && partners.data.length === 0)) return null;
  return (
    <Box component="section" aria-labelledby="brand-partners-title" py="xl" bg="white">
      <Container size="xl">
        <SectionHeading
          id="brand-partners-title"
          title="Our brand partners"
          subtitle="Genuine products from the brands builders trust."
        />
        {shown ? (
          <Deferred
            fallback={() => (
              <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="md">
                {shown.slice(0, 6).map((partner) => (
                  <PartnerLogo key={partner.id} partner={partner} />
                ))}
              </SimpleGrid>
            )}
          >
            {() => <PartnerCarousel partners={shown} />}
          </Deferred>
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
