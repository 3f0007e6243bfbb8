import { Group, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pagesToShow } from '@tibay/contract';
import classes from './page-pagination.module.css';

export interface PagePaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation landmark (several on a page need different names). */
  label?: string;
}

/** Page buttons as the spec draws them: first, last and the current page ±1, with ellipses (spec 1 §9). */
export function PagePagination({ page, totalPages, onChange, label = 'Pagination' }: PagePaginationProps) {
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== page) onChange(target);
  };
  return (
    <nav aria-label={label}>
      <Group gap={6} justify="center" wrap="nowrap">
        <UnstyledButton
          className={classes.item}
          onClick={() => go(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <IconChevronLeft size={16} aria-hidden />
        </UnstyledButton>
        {pagesToShow(page, totalPages).map((entry, index) =>
          entry === 'ellipsis' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity of their own
            <span key={`gap-${index}`} className={classes.gap} aria-hidden>
              …
            </span>
          ) : (
            <UnstyledButton
              key={entry}
              className={classes.item}
              data-active={entry === page || undefined}
              aria-current={entry === page ? 'page' : undefined}
              aria-label={`Page ${entry}`}
              onClick={() => go(entry)}
            >
              {entry}
            </UnstyledButton>
          ),
        )}
        <UnstyledButton
          className={classes.item}
          onClick={() => go(page + 1)}
          disabled={page >= totalPages}
          aria-label="Next page"
        >
          <IconChevronRight size={16} aria-hidden />
        </UnstyledButton>
      </Group>
    </nav>
  );
}
