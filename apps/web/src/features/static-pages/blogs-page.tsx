import { Alert, Container, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { BlogCard } from '../../components/blog-card.tsx';
import { PageBanner } from '../../components/page-banner.tsx';
import { useBlogs } from '../home/index.ts';

/** Blogs (spec 3 §2.5): article cards linking out. */
export default function BlogsPage() {
  const blogs = useBlogs();
  return (
    <>
      <PageBanner title="Blogs" subtitle="Guides, tips and news for builders, renovators and hardware stores." />
      <Container size="xl" py="xl">
        {blogs.isError ? (
          <Alert color="red" title="Could not load the articles">
            {blogs.error.message}
          </Alert>
        ) : blogs.data?.length === 0 ? (
          <Text c="dimmed">No articles yet. Please check back soon.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            {blogs.data
              ? blogs.data.map((post) => <BlogCard key={post.id} post={post} />)
              : [1, 2, 3, 4].map((key) => <Skeleton key={key} h={340} radius="md" />)}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
