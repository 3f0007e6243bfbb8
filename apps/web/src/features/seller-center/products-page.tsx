import { Badge, Button, Card, Group, Image, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { formatPeso, type SellerProductRow } from '@tibay/contract';
import { Link, useSearchParams } from 'react-router';
import { ListStates } from '../../components/list-states.tsx';
import { PagePagination } from '../../components/page-pagination.tsx';
import { type ProductStatusFilter, useSellerProducts } from './api.ts';
import { FirstDayCard } from './components/first-day-card.tsx';

/** /seller-center/products: the shop's catalogue with search, active/inactive filter and paging. */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  // The URL's value goes to the server as is: an unknown one is answered with the server's message.
  const status = (params.get('status') ?? 'all') as ProductStatusFilter;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const products = useSellerProducts(debouncedQ, status, page);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <FirstDayCard />
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Products
        </Title>
        <Button component={Link} to="/seller-center/products/new" leftSection={<IconPlus size={16} aria-hidden />}>
          ADD PRODUCT
        </Button>
      </Group>
      <Card withBorder>
        <Stack gap="sm">
          <Group align="end" wrap="wrap" gap="md">
            <TextInput
              label="Search products"
              placeholder="Name or brand"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={q}
              onChange={(event) => update({ q: event.currentTarget.value, page: '' })}
              w={{ base: '100%', sm: 320 }}
            />
            <Radio.Group
              label="Show"
              value={status}
              onChange={(value) => update({ status: value === 'all' ? '' : value, page: '' })}
            >
              <Group gap="md" mt={6}>
                <Radio value="all" label="All" />
                <Radio value="active" label="Active" />
                <Radio value="inactive" label="Inactive" />
              </Group>
            </Radio.Group>
          </Group>
          <ListStates
            query={products}
            rowHeight={48}
            empty={q || status !== 'all' ? 'No products match.' : 'No products yet. Add your first product.'}
          >
            {(data) => (
              <>
                <Table.ScrollContainer minWidth={0} visibleFrom="sm">
                  <Table striped highlightOnHover verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Product</Table.Th>
                        <Table.Th>Category</Table.Th>
                        <Table.Th ta="right">Price</Table.Th>
                        <Table.Th ta="right">Stock</Table.Th>
                        <Table.Th>Status</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.items.map((product) => (
                        <Table.Tr key={product.id}>
                          <Table.Td>
                            <ProductName product={product} />
                          </Table.Td>
                          <Table.Td>{product.category}</Table.Td>
                          <Table.Td ta="right">
                            <Price product={product} />
                          </Table.Td>
                          <Table.Td ta="right">{product.stock.toLocaleString('en-PH')}</Table.Td>
                          <Table.Td>
                            <StatusBadge active={product.is_active} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Stack gap="xs" hiddenFrom="sm">
                  {data.items.map((product) => (
                    <Card key={product.id} withBorder padding="sm">
                      <ProductName product={product} />
                      <Group justify="space-between" mt="xs">
                        <Price product={product} />
                        <Text size="sm">Stock {product.stock.toLocaleString('en-PH')}</Text>
                        <StatusBadge active={product.is_active} />
                      </Group>
                    </Card>
                  ))}
                </Stack>
                <Text size="sm" c="dimmed">
                  {data.totalCount} product{data.totalCount === 1 ? '' : 's'}
                </Text>
                <PagePagination
                  page={page}
                  totalPages={data.totalPages}
                  onChange={(target) => update({ page: String(target) })}
                />
              </>
            )}
          </ListStates>
        </Stack>
      </Card>
    </Stack>
  );
}

function ProductName({ product }: { product: SellerProductRow }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Image
        src={product.photo ?? undefined}
        alt=""
        w={44}
        h={44}
        radius="sm"
        fit="cover"
        fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='44' height='44'%3E%3Crect width='44' height='44' fill='%23e2e7ee'/%3E%3C/svg%3E"
      />
      <Stack gap={0} miw={0}>
        <Text
          component={Link}
          to={`/seller-center/products/${product.id}`}
          fw={600}
          size="sm"
          c="brand.8"
          lineClamp={2}
        >
          {product.name}
        </Text>
        <Text size="xs" c="dimmed">
          {[product.brand, product.variations > 0 ? `${product.variations} variations` : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Group>
  );
}

function Price({ product }: { product: SellerProductRow }) {
  if (product.discounted_price >= 100) {
    return (
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={600}>
          {formatPeso(product.discounted_price)}
        </Text>
        <Text size="xs" td="line-through" c="dimmed">
          {formatPeso(product.price)}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="sm" fw={600}>
      {formatPeso(product.price)}
    </Text>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
