import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { formatPeso2, reportCategoryGroups } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { InventoryNav } from '../inventory-transfers/index.ts';
import {
  type ReportFilters,
  useFetchWholeReport,
  useInventoryCategories,
  useInventoryReport,
  usePoSellers,
} from './api.ts';
import { manilaToday, monthStart, units } from './back-office-format.ts';
import { exportCsv, exportXlsx } from './report-export.ts';
import { StockMovementChart } from './stock-movement-chart.tsx';

/**
 * Inventory Report (spec 3 §2.4; /inventory-report and /admin-v2/inventory): start and end date, seller and category,
 * Search; per product the period's opening, in, out, bad, committed and closing stock and the stock value, all from
 * the stock ledger in Asia/Manila days; a chart of the period's movement; exports to xlsx and CSV.
 */
export default function InventoryReportPage() {
  const today = manilaToday();
  const [filters, setFilters] = useState<ReportFilters>({
    startDate: monthStart(today),
    endDate: today,
    sellerId: '',
    categoryId: '',
  });
  const [searched, setSearched] = useState<ReportFilters | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const sellers = usePoSellers();
  const categories = useInventoryCategories();
  const report = useInventoryReport(searched, page);
  const fetchAll = useFetchWholeReport();

  // Spec 3 §8 "Report failure shows the server message as a toast."
  useEffect(() => {
    if (report.error) toast(report.error.message, 'error');
  }, [report.error]);

  const search = (event: React.FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearched({ ...filters });
  };

  const exportAs = async (kind: 'xlsx' | 'csv') => {
    if (!searched) return;
    setExporting(kind);
    try {
      const rows = await fetchAll(searched);
      const name = `inventory-report-${searched.startDate}-to-${searched.endDate}`;
      await (kind === 'xlsx' ? exportXlsx(rows, name) : exportCsv(rows, name));
    } catch (caught) {
      toast(caught instanceof ApiError ? caught.message : 'The export could not be made. Please try again.', 'error');
    } finally {
      setExporting(null);
    }
  };

  const data = report.data;
  return (
    <Stack gap="md" maw={1200}>
      <InventoryNav />
      <Title order={1} size="h2">
        Inventory Report
      </Title>
      <Paper withBorder p="md" component="form" onSubmit={search} noValidate aria-label="Report filters">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <TextInput
            label="Start date"
            type="date"
            value={filters.startDate}
            onChange={(e) => setFilters({ ...filters, startDate: e.currentTarget.value })}
          />
          <TextInput
            label="End date"
            type="date"
            value={filters.endDate}
            onChange={(e) => setFilters({ ...filters, endDate: e.currentTarget.value })}
          />
          <Select
            label="Seller"
            searchable
            data={[
              { value: '', label: 'All sellers' },
              ...(sellers.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.company_name })),
            ]}
            value={filters.sellerId}
            onChange={(value) => setFilters({ ...filters, sellerId: value ?? '' })}
            allowDeselect={false}
          />
          <Select
            label="Item category"
            data={[
              { value: '', label: 'All categories' },
              ...reportCategoryGroups.map((group) => ({ value: group.value, label: group.label })),
              ...(categories.data?.items ?? []).map((c) => ({
                value: String(c.category_id),
                label: c.product_category,
              })),
            ]}
            value={filters.categoryId}
            onChange={(value) => setFilters({ ...filters, categoryId: value ?? '' })}
            allowDeselect={false}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} style={{ alignSelf: 'end' }}>
            Search
          </Button>
        </SimpleGrid>
      </Paper>

      {searched === null ? (
        <Text c="dimmed">Choose the period and press Search.</Text>
      ) : report.isPending ? (
        <Skeleton h={240} aria-label="Loading..." />
      ) : report.isError && !data ? (
        <Alert color="red" role="alert">
          {report.error.message}
        </Alert>
      ) : data ? (
        <Stack gap="md" style={{ opacity: report.isFetching ? 0.6 : 1 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              Stock movement
            </Title>
            <StockMovementChart chart={data.chart} />
          </Paper>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {data.totalCount === 0 ? data.message : `${units(data.totalCount)} products`}
            </Text>
            <Group gap="xs">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                disabled={data.totalCount === 0}
                loading={exporting === 'xlsx'}
                onClick={() => exportAs('xlsx')}
              >
                Export to Excel (.xlsx)
              </Button>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                disabled={data.totalCount === 0}
                loading={exporting === 'csv'}
                onClick={() => exportAs('csv')}
              >
                Export to CSV
              </Button>
            </Group>
          </Group>
          {data.totalCount > 0 ? (
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover aria-label="Inventory Report">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product ID</Table.Th>
                    <Table.Th>Product Name</Table.Th>
                    <Table.Th ta="right">Opening Stock</Table.Th>
                    <Table.Th ta="right">Stock In</Table.Th>
                    <Table.Th ta="right">Stock Out</Table.Th>
                    <Table.Th ta="right">Bad Stock</Table.Th>
                    <Table.Th ta="right">Committed</Table.Th>
                    <Table.Th ta="right">Closing Stock</Table.Th>
                    <Table.Th ta="right">Stock Value</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{row.productId}</Table.Td>
                      <Table.Td>{row.productName}</Table.Td>
                      <Table.Td ta="right">{units(row.openingStock)}</Table.Td>
                      <Table.Td ta="right">{units(row.stockIn)}</Table.Td>
                      <Table.Td ta="right">{units(row.stockOut)}</Table.Td>
                      <Table.Td ta="right">{units(row.badStock)}</Table.Td>
                      <Table.Td ta="right">{units(row.committedStock)}</Table.Td>
                      <Table.Td ta="right">{units(row.closingStock)}</Table.Td>
                      <Table.Td ta="right">{formatPeso2(row.stockValue)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          {data.totalPages > 1 ? (
            <Pagination
              total={data.totalPages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
