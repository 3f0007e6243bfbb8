import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export interface SectionPage {
  to: string;
  /** The spec's own path for the same page, if it has one (it opens inside /admin-v2 as well). */
  also: string | null;
  label: string;
}

/** A section's pages, one click apart, the current one marked (aria-current). */
export function SectionNav({ label, pages }: { label: string; pages: readonly SectionPage[] }) {
  const { pathname } = useLocation();
  return (
    <Group gap="xs" component="nav" aria-label={label}>
      {pages.map((page) => {
        const current = pathname === page.to || pathname === page.also;
        return (
          <Button
            key={page.to}
            component={Link}
            to={page.to}
            size="xs"
            variant={current ? 'filled' : 'light'}
            aria-current={current ? 'page' : undefined}
          >
            {page.label}
          </Button>
        );
      })}
    </Group>
  );
}
