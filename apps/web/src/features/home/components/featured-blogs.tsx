import { Carousel } from '@mantine/carousel';
import { Anchor, Box, Container, SimpleGrid, Skeleton } from '@mantine/core';
import { Link } from 'react-router';
import { BlogCard } from '../../../components/blog-card.tsx';
import { useFeaturedBlogs } from '../api/content.ts';
import { SectionHeading } from './section-heading.tsx';

/** Featured blog article cards (spec 1 Home). Hidden when there are none. */
export function FeaturedBlogs() {
  const blogs = useFeaturedBlogs();
  if (blogs.isError || (blogs.data && blogs.data.length === 0)) return null;
  return (
    <Box component="section" aria-labelledby="featured-blogs-title" py="xl">
      <Container size="xl">
        <SectionHeading
          id="featured-blogs-title"
          title="Featured articles"
          subtitle="Tips and guides for building, renovating and buying materials."
          action={
            <Anchor component={Link} to="/Blogs" fw={700} size="sm" tt="uppercase">
              See all blogs
            </Anchor>
          }
        />
        {blogs.data ? (
          // A swipeable row on phones; four columns on desktop.
          <Carousel
            slideSize={{ base: '82%', xs: '50%', md: '25%' }}
            slideGap="md"
            emblaOptions={{ align: 'start', containScroll: 'trimSnaps' }}
            withControls={false}
          >
            {blogs.data.slice(0, 4).map((post) => (
              <Carousel.Slide key={post.id}>
                <BlogCard post={post} />
              </Carousel.Slide>
            ))}
          </Carousel>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {[1, 2, 3, 4].map((key) => (
              <Skeleton key={key} h={320} radius="md" />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}
