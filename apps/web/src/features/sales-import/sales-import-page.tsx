import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import {
  type ImportRow,
  importColumns,
  importRowProblems,
  type SalesImportResult,
  type SalesImportVerifyResult,
  salesImportMessages,
} from '@tibay/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useVerifySalesImport } from './api.ts';
import { ImportWizard } from './import-wizard.tsx';
import { readImportFile } from './read-file.ts';
import { downloadCsvTemplate, downloadXlsxTemplate } from './template.ts';

type Notice = { tone: 'success' | 'error'; title: string; lines: string[] };

const PREVIEW_ROWS = 100;
const RELOAD_AFTER_MS = 15_000;

/**
 * Sales order import (spec 3 §2.4, §4, §5, §8; /sales-import-orders and /admin-v2/sales-import): upload a file,
 * verify it (the rows at once in the browser, then the server matches every secondary ID to the seller's products),
 * and only then upload it through the 7-step wizard. After success the page reloads after 15 seconds.
 */
export default function SalesImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sellerID, setSellerID] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [verified, setVerified] = useState<{ file: File; sellerID: string; result: SalesImportVerifyResult } | null>(
    null,
  );
  const [wizardOpen, setWizardOpen] = useState(false);
  const [imported, setImported] = useState<SalesImportResult | null>(null);
  const key = useRef<string>('');
  const verify = useVerifySalesImport();
  const reading = useRef(0);

  useEffect(() => {
    if (!imported) return;
    const timer = setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [imported]);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setRows(null);
    setVerified(null);
    setNotice(null);
    if (!chosen) return;
    const run = ++reading.current;
    setProgress(0);
    const read = await readImportFile(chosen, (fraction) => {
      if (run === reading.current) setProgress(Math.round(fraction * 100));
    });
    if (run !== reading.current) return;
    setProgress(null);
    if ('refused' in read) {
      setNotice({ tone: 'error', title: read.refused, lines: [] });
      return;
    }
    setRows(read.rows);
  };

  const runVerify = async () => {
    setVerified(null);
    if (!file || !rows || rows.length === 0) {
      setNotice({ tone: 'error', title: salesImportMessages.noData, lines: [] });
      return;
    }
    if (!sellerID.trim()) {
      setNotice({ tone: 'error', title: salesImportMessages.sellerIdEmpty, lines: [] });
      return;
    }
    const problems = importRowProblems(rows);
    if (problems.length > 0) {
      setNotice({ tone: 'error', title: salesImportMessages.verificationFailed, lines: problems });
      return;
    }
    try {
      const result = await verify.mutateAsync({ file, sellerID: sellerID.trim() });
      if (!result.success) {
        const lines = result.problems.filter((problem) => problem !== result.message);
        setNotice({ tone: 'error', title: result.message, lines });
        return;
      }
      key.current = crypto.randomUUID();
      setVerified({ file, sellerID: sellerID.trim(), result });
      setNotice({ tone: 'success', title: result.message, lines: [] });
    } catch (error) {
      setNotice({
        tone: 'error',
        title: error instanceof ApiError ? error.message : salesImportMessages.importFailed,
        lines: [],
      });
    }
  };

  const canUpload = verified !== null && verified.file === file && verified.sellerID === sellerID.trim() && !imported;

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        Sales order import
      </Title>
      {imported ? (
        <Alert color="green" role="alert" title="Imported">
          {imported.message}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm">
            The file needs the columns {importColumns.join(', ')}. CODE is the product's secondary ID in the seller's
            catalogue.
          </Text>
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => void downloadXlsxTemplate()}
            >
              Download template (.xlsx)
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconDownload size={16} />}
              onClick={() => void downloadCsvTemplate()}
            >
              Download template (.csv)
            </Button>
          </Group>
          <FileInput
            label="Spreadsheet file (.xlsx or .csv)"
            placeholder="Choose a file"
            leftSection={<IconFileSpreadsheet size={16} />}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(chosen) => void choose(chosen)}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the file' }}
          />
          {progress !== null ? (
            <Stack gap={4}>
              <Progress value={progress} aria-label="Reading the file" animated />
              <Text size="sm" c="dimmed" aria-live="polite">
                Reading the file… {progress}%
              </Text>
            </Stack>
          ) : null}
          {rows ? (
            <Text size="sm" c="dimmed">
              {rows.length} row(s) read from {file?.name}.
            </Text>
          ) : null}
          <TextInput
            label="Seller ID"
            description="The seller whose products the CODE column names"
            value={sellerID}
            onChange={(event) => {
              setSellerID(event.currentTarget.value);
              setVerified(null);
            }}
            inputMode="numeric"
            maw={320}
          />
          <Group gap="sm">
            <Button onClick={() => void runVerify()} loading={verify.isPending} disabled={progress !== null}>
              Verify
            </Button>
            <Button variant="filled" disabled={!canUpload} onClick={() => setWizardOpen(true)}>
              Upload
            </Button>
          </Group>
          {notice ? (
            <Alert color={notice.tone === 'success' ? 'green' : 'red'} role="alert" title={notice.title}>
              {notice.lines.length > 0 ? (
                <ScrollArea.Autosize mah={240}>
                  <List size="sm">
                    {notice.lines.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
              ) : null}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      {rows && rows.length > 0 ? <RowsPreview rows={rows} /> : null}
      {verified ? (
        <ImportWizard
          opened={wizardOpen}
          onClose={() => setWizardOpen(false)}
          file={verified.file}
          sellerID={verified.sellerID}
          verification={verified.result}
          idempotencyKey={key.current}
          onImported={(result) => {
            setWizardOpen(false);
            setImported(result);
            setNotice(null);
          }}
        />
      ) : null}
    </Stack>
  );
}

function RowsPreview({ rows }: { rows: ImportRow[] }) {
  const shown = rows.slice(0, PREVIEW_ROWS);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Rows in the file
        </Title>
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                {importColumns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={row.n}>
                  <Table.Td>{row.n}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.secondaryId}</Table.Td>
                  <Table.Td>{row.productName}</Table.Td>
                  <Table.Td>{row.qty}</Table.Td>
                  <Table.Td>{row.price}</Table.Td>
                  <Table.Td>{row.discountedPrice}</Table.Td>
                  <Table.Td>{row.totalGross}</Table.Td>
                  <Table.Td>{row.totalNetAmount}</Table.Td>
                  <Table.Td>{row.comRate}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows.length > PREVIEW_ROWS ? (
          <Text size="sm" c="dimmed">
            The first {PREVIEW_ROWS} of {rows.length} rows are shown.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
