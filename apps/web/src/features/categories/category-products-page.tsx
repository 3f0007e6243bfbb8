import {
  Alert,
  Anchor,
  AspectRatio,
  Box,
  Breadcrumbs,
  Container,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatCount, type ListSort, messages } from '@tibay/contract';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PagePagination } from '../../components/page-pagination.tsx';
import { ProductGrid } from '../../components/product-card.tsx';
import { SizedImage } from '../../components/sized-image.tsx';
import { AddToCartPopup } from '../cart-add/index.ts';
import { useCategory, useCategoryProducts } from './api.ts';
import { CategorySearch } from './components/category-search.tsx';

const sortLabels: Record<ListSort, string> = {
  best_selling: 'Best selling',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  name_asc: 'Name: A to Z',
  name_desc: 'Name: Z to A',
};
// Every sort of the contract's listSort (the Record type keeps the labels complete), without loading zod here.
const sortOptions = (Object.keys(sortLabels) as ListSort[]).map((value) => ({ value, label: sortLabels[value] }));
const isListSort = (value: string | null): value is ListSort => value !== null && Object.hasOwn(sortLabels, value);

/** The category banner (its artwork carries the name); a dark band with the name when there is none. */
function CategoryBanner({ name, banner, loading }: { name: string; banner: string | null; loading: boolean }) {
  if (loading) return <Skeleton radius="md" style={{ aspectRatio: '4 / 1' }} mah={300} />;
  if (banner) {
    return (
      <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} bg="slate.9">
        <VisuallyHidden>
          <Title order={1}>{name}</Title>
        </VisuallyHidden>
        <AspectRatio ratio={4 / 1}>
          <SizedImage use="banner" src={banner} sizes="(min-width: 75em) 1200px, 100vw" fetchPriority="high" alt="" />
        </AspectRatio>
      </Box>
    );
  }
  return (
    <Box bg="slate.9" p={{ base: 'md', sm: 'xl' }} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Text c="slate.3" fw={700} size="xs" tt="uppercase" lts={2}>
        Shop by category
      </Text>
      <Title order={1} c="white" tt="uppercase" fz={{ base: 22, sm: 34 }} lts={0.5}>
        {name}
      </Title>
    </Box>
  );
}

function CategoryProducts({ categoryId, nameFromUrl }: { categoryId: number; nameFromUrl: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const sortParam = searchParams.get('sort');
  const sort: ListSort = isListSort(sortParam) ? sortParam : 'best_selling';
  const keyword = searchParams.get('keyword')?.trim() ?? '';
  const [keywordText, setKeywordText] = useState(keyword);
  const [cartProduct, setCartProduct] = useState<number | null>(null);

  const category = useCategory(categoryId);
  const products = useCategoryProducts(categoryId, { page, sort, keyword });
  const data = products.data;
  const loading = products.isPending || (products.isPlaceholderData && products.isFetching);
  const name = category.data?.product_category ?? data?.category.product_category ?? nameFromUrl;

  const update = (changes: Record<string, string | null>) =>
    setSearchParams((params) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') params.delete(key);
        else params.set(key, value);
      }
      return params;
    });

  const pagination = (label: string) =>
    data ? (
      <PagePagination
        page={page}
        totalPages={data.totalPages}
        label={label}
        onChange={(next) => {
          update({ page: String(next) });
          if (label.startsWith('Bottom')) window.scrollTo({ top: 0 });
        }}
      />
    ) : null;

  const notFound = category.isError || (products.isError && !data);
  return (
    <Container size="xl" py="lg">
      <Breadcrumbs separator="/" aria-label="Breadcrumb" mb="md">
        <Anchor component={Link} to="/shopbycategory" size="sm" fw={600}>
          SHOP
        </Anchor>
        <Anchor component={Link} to="/shopbycategory" size="sm" fw={600}>
          SHOP BY CATEGORY
        </Anchor>
        <Text size="sm" fw={600} c="dimmed" aria-current="page" tt="uppercase">
          {name || '…'}
        </Text>
      </Breadcrumbs>
      {notFound ? (
        <Alert color="red" role="alert" title="Category">
          {(category.error ?? products.error)?.message ?? messages.categoryNotFound}
        </Alert>
      ) : (
        <Stack gap="md">
          <CategoryBanner name={name} banner={category.data?.banner ?? null} loading={category.isPending} />
          <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
            <CategorySearch
              categoryId={categoryId}
              categoryName={name}
              value={keywordText}
              onChange={setKeywordText}
              onSearch={(next) => {
                setKeywordText(next);
                update({ keyword: next, page: null });
              }}
            />
            <Group gap="md" align="flex-end" wrap="nowrap">
              <Select
                label="Sort by"
                data={sortOptions}
                value={sort}
                allowDeselect={false}
                onChange={(value) => update({ sort: value === 'best_selling' ? null : value, page: null })}
                w={200}
                comboboxProps={{ withinPortal: true }}
              />
              {data ? (
                <Text fw={700} size="sm" role="status" pb={8} style={{ whiteSpace: 'nowrap' }}>
                  {formatCount(data.totalCount)} ITEMS
                </Text>
              ) : null}
            </Group>
          </Group>
          {pagination('Top pagination')}
          <ProductGrid
            products={data?.items}
            loading={loading}
            error={products.error}
            onAddToCart={(product) => setCartProduct(product.id)}
          />
          {pagination('Bottom pagination')}
        </Stack>
      )}
      <AddToCartPopup productId={cartProduct} onClose={() => setCartProduct(null)} />
    </Container>
  );
}

/** /category/{category_id}?category={product_category} (spec 1 "Category product page"). */
export default function CategoryProductsPage() {
  const { categoryId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const id = /^\d+$/.test(categoryId) ? Number(categoryId) : 0;
  if (id < 1) return <Navigate to="/shopbycategory" replace />;
  return <CategoryProducts key={id} categoryId={id} nameFromUrl={searchParams.get('category') ?? ''} />;
}
