import { Anchor, Box, Button, Container, Group, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { bestSellerDropdown, bestSellerTabs, type ProductCard } from '@tibay/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Deferred } from '../../components/deferred.tsx';
import { PagePagination } from '../../components/page-pagination.tsx';
import { ProductGrid } from '../../components/product-card.tsx';
import { useBestSellers } from './api.ts';
import { SectionHeading } from './components/section-heading.tsx';

// Loaded after the first paint: the phones' category menu, and the add-to-cart popup when a card asks for it.
const BestSellerMenu = lazy(() => import('./components/best-seller-menu.tsx'));
const AddToCartPopup = lazy(() =>
  import('../cart-add/index.ts').then((module) => ({ default: module.AddToCartPopup })),
);

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
  const [menuOpened, setMenuOpened] = useState(false);
  const [cartProduct, setCartProduct] = useState<number | null>(null);
  const [cartUsed, setCartUsed] = useState(false);
  if (cartProduct !== null && !cartUsed) setCartUsed(true);
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
            {/* A link's text should say where it goes (Lighthouse: "see more" alone is not descriptive). */}
            <VisuallyHidden> categories</VisuallyHidden>
          </Anchor>
        </Group>
        {/* Phones: the dropdown variant. */}
        <Group hiddenFrom="sm" mb="md">
          <Deferred
            fallback={(request) => (
              <Button
                variant="default"
                rightSection={<IconChevronDown size={16} aria-hidden />}
                aria-label={`Best seller category: ${current}`}
                aria-haspopup="menu"
                aria-expanded={menuOpened}
                onClick={() => {
                  setMenuOpened(true);
                  request();
                }}
              >
                {current}
              </Button>
            )}
          >
            {() => (
              <BestSellerMenu
                category={category}
                current={current}
                onChoose={choose}
                opened={menuOpened}
                onChange={setMenuOpened}
              />
            )}
          </Deferred>
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
      {cartUsed ? (
        <Suspense fallback={null}>
          <AddToCartPopup productId={cartProduct} onClose={() => setCartProduct(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
