import { Alert, Anchor, Box, Breadcrumbs, Container, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ProductCard } from '@tibay/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PagePagination } from '../../components/page-pagination.tsx';
import { ProductGrid } from '../../components/product-card.tsx';
import { AddToCartPopup } from '../cart-add/index.ts';
import { type ShopSort, useShop } from './api.ts';
import { ShopFilterBar } from './components/shop-filter-bar.tsx';
import { ShopHeader } from './components/shop-header.tsx';
import { ShopSearch } from './components/shop-search.tsx';

/**
 * One seller's shop (spec 1 "Seller shop page"): breadcrumb, header, filter bar, keyword search, pagination at
 * top and bottom (15 a page, ?page= in the URL) and the product grid. `brand` marks a microsite.
 */
export function SellerShopView({ handle, brand }: { handle: string; brand?: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [sort, setSort] = useState<ShopSort>(null);
  const [category, setCategory] = useState<number | null>(null);
  const [keywordText, setKeywordText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [cartProduct, setCartProduct] = useState<number | null>(null);

  const shop = useShop(handle, { page, sort, keyword, category });
  const data = shop.data;
  // Skeletons while loading: 3 during a keyword search, otherwise 4.
  const loading = shop.isPending || (shop.isPlaceholderData && shop.isFetching);
  const searching = loading && keyword !== '';

  const goToPage = (next: number) =>
    setSearchParams((params) => {
      params.set('page', String(next));
      return params;
    });
  const resetPage = () => {
    if (page !== 1) goToPage(1);
  };
  const pagination = (label: string) =>
    data ? (
      <PagePagination
        page={page}
        totalPages={data.totalPages}
        label={label}
        onChange={(next) => {
          goToPage(next);
          if (label.startsWith('Bottom')) window.scrollTo({ top: 0 });
        }}
      />
    ) : null;

  if (shop.isError && !data) {
    return (
      <Container size="xl" py="xl">
        <Alert color="red" title="Shop">
          {shop.error.message}
        </Alert>
      </Container>
    );
  }

  const sellerName = data?.seller_company.seller_name;
  return (
    <Container size="xl" py="lg">
      <Box component="nav" aria-label="Breadcrumb" mb="md">
        {/* One line whatever the shop's name (cut with an ellipsis): the page below does not move when it loads. */}
        <Breadcrumbs separator="/" style={{ flexWrap: 'nowrap' }}>
          <Anchor component={Link} to="/shopbyseller?page=1" size="sm" fw={600} style={{ flex: 'none' }}>
            SHOP
          </Anchor>
          <Anchor component={Link} to="/shopbyseller?page=1" size="sm" fw={600} style={{ flex: 'none' }}>
            SHOP BY SELLER
          </Anchor>
          <Text size="sm" fw={600} c="dimmed" aria-current="page" tt="uppercase" truncate miw={0}>
            {sellerName ?? '…'}
          </Text>
        </Breadcrumbs>
      </Box>
      <Stack gap="md">
        {/* About the header's height on a phone (banner, logo, name, address, MESSAGE, About) and wider: little moves. */}
        {data ? (
          <ShopHeader seller={data.seller_company} brand={brand} />
        ) : (
          <Skeleton h={{ base: 516, sm: 300 }} radius="md" />
        )}
        <ShopFilterBar
          categories={data?.categories ?? []}
          category={category}
          onCategory={(next) => {
            setCategory(next);
            resetPage();
          }}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            resetPage();
          }}
          total={data ? data.totalCount : null}
        />
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <ShopSearch
            handle={handle}
            value={keywordText}
            onChange={setKeywordText}
            onSearch={(next) => {
              setKeywordText(next);
              setKeyword(next);
              resetPage();
            }}
          />
          {pagination('Top pagination')}
        </Group>
        <ProductGrid
          products={data?.items}
          loading={loading}
          error={shop.error}
          skeletons={searching ? 3 : 4}
          onAddToCart={(product: ProductCard) => setCartProduct(product.id)}
        />
        {pagination('Bottom pagination')}
      </Stack>
      <AddToCartPopup productId={cartProduct} onClose={() => setCartProduct(null)} />
    </Container>
  );
}
