import { AspectRatio, Box, Card, Image, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import type { BlogItem } from '@tibay/contract';
import { dateLabel } from '../lib/date-label.ts';

export type BlogPost = Pick<BlogItem, 'id' | 'title' | 'excerpt' | 'imageUrl' | 'url' | 'publishedOn'>;

/** "January 5, 2026"; a date without a time is that calendar day wherever the reader is. Null when unreadable. */
function publishedLabel(value: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return dateLabel(date, { month: 'long', utc: /^\d{4}-\d{2}-\d{2}$/.test(value) });
}

/** One article card; the whole card links out to the article in a new tab. */
export function BlogCard({ post }: { post: BlogPost }) {
  const published = publishedLabel(post.publishedOn);
  return (
    <Card
      component="a"
      href={post.url}
      target="_blank"
      rel="noopener noreferrer"
      withBorder
      radius="md"
      p={0}
      h="100%"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <AspectRatio ratio={16 / 9}>
        <Image src={post.imageUrl} alt="" loading="lazy" fallbackSrc={placeholderImage} />
      </AspectRatio>
      <Box p="md" style={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
        {published ? (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {published}
          </Text>
        ) : null}
        <Title order={3} fz="md" mt={4} lineClamp={2} c="slate.9">
          {post.title}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Title>
        <Text size="sm" c="dimmed" mt={6} lineClamp={3} style={{ flex: 1 }}>
          {post.excerpt}
        </Text>
        <Text size="sm" c="brand.7" fw={700} mt="sm" tt="uppercase" style={{ display: 'flex', gap: 4 }}>
          Read article <IconArrowUpRight size={16} aria-hidden />
        </Text>
      </Box>
    </Card>
  );
}

const placeholderImage =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#e2e7ee"/><path d="M6 6.5 8 4l2 2.5z" fill="#a3b1c3"/></svg>',
  );
