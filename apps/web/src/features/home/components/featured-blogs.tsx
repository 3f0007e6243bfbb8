import { Anchor, Box, Container, SimpleGrid, Skeleton } from '@mantine/core';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { BlogCard } from '../../../components/blog-card.tsx';
import { useBlogs } from '../api.ts';
import classes from './featured-blogs.module.css';
import { SectionHeading } from './section-heading.tsx';

/** Featured blog article cards (spec 1 Home). Hidden when there are none. */
export function FeaturedBlogs() {
  const blogs = useBlogs();
  // The cards render in a transition (sliced, not one long task); the skeletons hold their place until then.
  const posts = useDeferredValue(blogs.data);
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
        {posts ? (
          // A swipeable row on phones (CSS scroll snapping); four columns on desktop.
          <div className={classes.row}>
            {posts.slice(0, 4).map((post) => (
              <div key={post.id} className={classes.slide}>
                <BlogCard post={post} />
              </div>
            ))}
          </div>
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
