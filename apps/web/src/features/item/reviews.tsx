import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { ReviewSummary } from '@tibay/contract';
import { useState } from 'react';
import { dateLabel } from '../../lib/date-label.ts';

/** A rating as five stars, read out as "Rated 4 out of 5". */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const rounded = Math.round(value);
  return (
    <span role="img" aria-label={`Rated ${Number(value.toFixed(2))} out of 5`} style={{ display: 'inline-flex' }}>
      {[1, 2, 3, 4, 5].map((n) =>
        n <= rounded ? (
          <IconStarFilled key={n} size={size} color="var(--mantine-color-yellow-6)" aria-hidden />
        ) : (
          <IconStar key={n} size={size} color="var(--mantine-color-gray-5)" aria-hidden />
        ),
      )}
    </span>
  );
}

/** Reviews listed before "Show more reviews". */
const collapsedReviews = 5;

/** Item reviews or seller reviews: average rating, total reviews and each review. */
export function ReviewList({
  title,
  summary,
  showProduct,
}: {
  title: string;
  summary: ReviewSummary;
  showProduct?: boolean;
}) {
  const headingId = `reviews-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const [all, setAll] = useState(false);
  const items = all ? summary.items : summary.items.slice(0, collapsedReviews);
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId}>
        {title}
      </Title>
      <Group gap="sm" mt="xs" align="center">
        <Text fz={28} fw={700} lh={1}>
          {summary.average_rating.toFixed(1)}
        </Text>
        <Stars value={summary.average_rating} size={20} />
        <Text c="dimmed" fz="sm">
          {summary.total} {summary.total === 1 ? 'review' : 'reviews'}
        </Text>
      </Group>
      <Divider my="sm" />
      {summary.items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No reviews yet.
        </Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((review) => (
            <li key={review.id}>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {review.customer_name}
                </Text>
                <Text c="dimmed" fz="xs">
                  {dateLabel(new Date(review.created_at), { month: 'short' })}
                </Text>
              </Group>
              <Stars value={review.rate} size={14} />
              {showProduct && (
                <Text c="dimmed" fz="xs">
                  {review.product_name}
                </Text>
              )}
              {/* A long word (a URL, "heyyyyy…") wraps inside the card instead of running out of it. */}
              <Text fz="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {review.review}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {!all && summary.items.length > collapsedReviews && (
        <Button variant="subtle" size="compact-sm" mt="sm" onClick={() => setAll(true)}>
          Show more reviews
        </Button>
      )}
    </Paper>
  );
}
