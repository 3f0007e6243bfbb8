import { Box, Button, Container, Drawer, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { formatCount, type SearchSort } from '@tibay/contract';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagePagination } from '../../components/page-pagination.tsx';
import { ProductGrid } from '../../components/product-card.tsx';
import { AddToCartPopup } from '../cart-add/index.ts';
import { filtersFromParams, paramsFromFilters, type SearchFilters, useSearch } from './api.ts';
import { RelatedShops, RelatedShopsPlaceholder } from './components/related-shops.tsx';
import { SearchFiltersPanel } from './components/search-filters.tsx';

const sortLabels: Record<SearchSort, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  name_asc: 'Name: A to Z',
  name_desc: 'Name: Z to A',
};

/** /search?q= (spec 1 "Search results"): sidebar filters (a drawer on phones), sorting, 9 a page, related shops. */
export default function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [cartProduct, setCartProduct] = useState<number | null>(null);

  const search = useSearch(filters);
  // A new answer renders in a transition (filters, related shops and cards: React slices it instead of one long
  // task); until then the page shows its loading state, which keeps the space (decision 0053).
  const data = useDeferredValue(search.data);
  const loading = search.isPending || (search.isPlaceholderData && search.isFetching) || data !== search.data;
  const sort: SearchSort = filters.sort || data?.sort || (filters.q ? 'relevance' : 'name_asc');
  const sortOptions = (filters.q ? Object.keys(sortLabels) : Object.keys(sortLabels).slice(1)).map((value) => ({
    value,
    label: sortLabels[value as SearchSort],
  }));

  /** Every filter change lands in the URL (a history entry) and returns to page 1 unless the page is the change. */
  const change = (changes: Partial<SearchFilters>) => {
    const next = { ...filters, page: 1, ...changes };
    setSearchParams(paramsFromFilters(next));
    if (changes.page !== undefined) window.scrollTo({ top: 0 });
  };

  const panel = <SearchFiltersPanel filters={filters} facets={data?.facets} onChange={change} />;
  // On phones a filter choice applies and closes the drawer, showing the narrowed results.
  const drawerPanel = (
    <SearchFiltersPanel
      filters={filters}
      facets={data?.facets}
      onChange={(changes) => {
        change(changes);
        drawer.close();
      }}
    />
  );

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Box miw={0}>
          <Title order={1} fz={{ base: 20, sm: 26 }} tt="uppercase" c="slate.9">
            Search results
          </Title>
          {filters.q ? (
            <Text size="sm" c="dimmed" truncate>
              for “{filters.q}”
            </Text>
          ) : null}
        </Box>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <Button
            hiddenFrom="md"
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            onClick={drawer.open}
          >
            Filters
          </Button>
          <Select
            label="Sort by"
            data={sortOptions}
            value={sort}
            allowDeselect={false}
            onChange={(value) => change({ sort: (value as SearchSort | null) ?? '' })}
            w={{ base: 170, sm: 200 }}
          />
        </Group>
      </Group>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={<Text fw={800}>FILTERS</Text>}
        size="85%"
        hiddenFrom="md"
      >
        {drawerPanel}
      </Drawer>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Paper withBorder radius="md" p="md" component="aside" aria-label="Filters">
            {panel}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            {data ? <RelatedShops shops={data.related_shops} /> : loading ? <RelatedShopsPlaceholder /> : null}
            {data ? (
              <Text fw={700} size="sm" role="status">
                {formatCount(data.totalCount)} ITEMS
              </Text>
            ) : loading ? (
              <Text fw={700} size="sm" aria-hidden style={{ visibility: 'hidden' }}>
                0 ITEMS
              </Text>
            ) : null}
            <ProductGrid
              products={data?.items}
              loading={loading}
              error={search.error}
              emptyHint="Try other words or fewer filters."
              skeletons={3}
              columns={{ base: 2, sm: 3 }}
              onAddToCart={(product) => setCartProduct(product.id)}
            />
            {data && !search.isError ? (
              <PagePagination page={filters.page} totalPages={data.totalPages} onChange={(page) => change({ page })} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <AddToCartPopup productId={cartProduct} onClose={() => setCartProduct(null)} />
    </Container>
  );
}
