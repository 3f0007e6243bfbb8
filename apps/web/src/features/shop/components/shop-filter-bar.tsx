import { Button, Group, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { formatCount, type ShopResponse } from '@tibay/contract';
import type { ShopSort } from '../api.ts';

const sortLabels = { asc: 'LOWEST PRICE', desc: 'HIGHEST PRICE' } as const;

/** CATEGORIES (menu), ALL PRODUCTS, SORT by Price (LOWEST PRICE, HIGHEST PRICE) and "{n} ITEMS" (spec 1). */
export function ShopFilterBar({
  categories,
  category,
  onCategory,
  sort,
  onSort,
  total,
}: {
  categories: ShopResponse['categories'];
  category: number | null;
  onCategory: (category: number | null) => void;
  sort: ShopSort;
  onSort: (sort: ShopSort) => void;
  total: number | null;
}) {
  const chosen = categories.find((entry) => entry.category_id === category);
  const check = (on: boolean) => (on ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />);
  return (
    <Group gap="xs" wrap="wrap" justify="space-between">
      <Group gap="xs" wrap="wrap">
        <Menu position="bottom-start" shadow="md" withinPortal>
          <Menu.Target>
            <Button variant={chosen ? 'filled' : 'default'} rightSection={<IconChevronDown size={16} aria-hidden />}>
              {chosen ? chosen.product_category.toUpperCase() : 'CATEGORIES'}
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label="Categories">
            {categories.length === 0 ? <Menu.Label>No categories</Menu.Label> : null}
            {categories.map((entry) => (
              <Menu.Item
                key={entry.category_id}
                leftSection={check(entry.category_id === category)}
                onClick={() => onCategory(entry.category_id)}
              >
                {entry.product_category} ({entry.count})
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button variant={category === null ? 'filled' : 'default'} onClick={() => onCategory(null)}>
          ALL PRODUCTS
        </Button>
        <Menu position="bottom-start" shadow="md" withinPortal>
          <Menu.Target>
            <Button variant={sort ? 'filled' : 'default'} rightSection={<IconChevronDown size={16} aria-hidden />}>
              {sort ? `SORT: ${sortLabels[sort]}` : 'SORT by Price'}
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label="Sort by price">
            {(['asc', 'desc'] as const).map((value) => (
              <Menu.Item key={value} leftSection={check(sort === value)} onClick={() => onSort(value)}>
                {sortLabels[value]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {total !== null ? (
        <Text fw={700} size="sm" role="status">
          {formatCount(total)} ITEMS
        </Text>
      ) : null}
    </Group>
  );
}
