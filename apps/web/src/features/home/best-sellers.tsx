import { Anchor, Box, Button, Container, Group, Menu, Stack, Tabs } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  bestSellerDropdown,
  bestSellerTabs,
  type CategoryProductsResponse,
  catalogLimits,
  type ProductCard,
} from '@tibay/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagePagination } from '../../components/page-pagination.tsx';
import { ProductGrid } from '../../components/product-card.tsx';
import { api } from '../../lib/api.ts';
import { AddToCartPopup } from '../cart-add/add-to-cart-popup.tsx';
import { SectionHeading } from './components/section-heading.tsx';

/** The list fields of GET /products/best-sellers (pageOf(productCard)). */
type BestSellersPage = Omit<CategoryProductsResponse, 'category'>;

/** GET /products/best-sellers?category= (0 = ALL): 15 a page, by units sold. */
function useBestSellers(category: number, page: number) {
  return useQuery({
    queryKey: ['best-sellers', category, page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        category: String(category),
        page: String(page),
        pageSize: String(catalogLimits.bestSellerPageSize),
      });
      return api<BestSellersPage>(`/products/best-sellers?${query}`, { signal, token: null });
    },
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

const allLabels = new Map<number, string>(
  [...bestSellerTabs, ...bestSellerDropdown].map((entry) => [entry.category_id, entry.label]),
);

/**
 * Home best sellers (spec 1 "Home"): category tabs ALL, CEMENT, STEEL BAR, ROOFING, SEALING, CONCRETE, LIGHTS,
 * TOOLS and SEE MORE (/shopbycategory); on phones the dropdown variant (with PAINT and AGGREGATE); 15 a page.
 */
export function BestSellers() {
  const [category, setCategory] = useState(0);
  const [page, setPage] = useState(1);
  const [cartProduct, setCartProduct] = useState<number | null>(null);
  const bestSellers = useBestSellers(category, page);
  const data = bestSellers.data;
  const loading = bestSellers.isPending || (bestSellers.isPlaceholderData && bestSellers.isFetching);

  const choose = (next: number) => {
    setCategory(next);
    setPage(1);
  };
  const current = allLabels.get(category) ?? 'ALL';

  return (
    <Box component="section" aria-labelledby="best-sellers-title" py="xl">
      <Container size="xl">
        <SectionHeading id="best-sellers-title" title="Best sellers" subtitle="What builders buy most on Tibay." />
        {/* Desktop: tabs. */}
        <Group visibleFrom="sm" gap={0} wrap="nowrap" align="flex-end" mb="md">
          <Tabs
            value={String(category)}
            onChange={(value) => choose(Number(value ?? 0))}
            activateTabWithKeyboard
            style={{ flex: 1, minWidth: 0 }}
          >
            <Tabs.List aria-label="Best seller categories">
              {bestSellerTabs.map((tab) => (
                <Tabs.Tab key={tab.category_id} value={String(tab.category_id)} fw={700} fz="sm">
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Anchor
            component={Link}
            to="/shopbycategory"
            fw={700}
            size="sm"
            px="md"
            py={10}
            style={{ borderBottom: '2px solid var(--mantine-color-gray-3)', whiteSpace: 'nowrap' }}
          >
            SEE MORE
          </Anchor>
        </Group>
        {/* Phones: the dropdown variant. */}
        <Group hiddenFrom="sm" mb="md">
          <Menu position="bottom-start" shadow="md" width={220}>
            <Menu.Target>
              <Button
                variant="default"
                rightSection={<IconChevronDown size={16} aria-hidden />}
                aria-label={`Best seller category: ${current}`}
              >
                {current}
              </Button>
            </Menu.Target>
            <Menu.Dropdown aria-label="Best seller categories">
              {bestSellerDropdown.map((entry) => (
                <Menu.Item
                  key={entry.category_id}
                  leftSection={
                    entry.category_id === category ? (
                      <IconCheck size={14} aria-hidden />
                    ) : (
                      <span style={{ width: 14 }} />
                    )
                  }
                  onClick={() => choose(entry.category_id)}
                >
                  {entry.label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item component={Link} to="/shopbycategory" fw={700}>
                SEE MORE
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Stack gap="md" aria-label={`${current} best sellers`} role="region">
          <ProductGrid
            products={data?.items}
            loading={loading}
            error={bestSellers.error}
            columns={{ base: 2, sm: 3, md: 5 }}
            onAddToCart={(product: ProductCard) => setCartProduct(product.id)}
          />
          {data ? (
            <PagePagination page={page} totalPages={data.totalPages} label="Best sellers pages" onChange={setPage} />
          ) : null}
        </Stack>
      </Container>
      <AddToCartPopup productId={cartProduct} onClose={() => setCartProduct(null)} />
    </Box>
  );
}
