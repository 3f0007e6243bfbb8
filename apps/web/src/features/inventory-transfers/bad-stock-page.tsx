import { Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type BadStockTransferResult, badStockMessages, formatPeso2 } from '@tibay/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useBadStockOrder, useTransferBadStock } from './api.ts';
import {
  type BadStockDraft,
  type BadStockLine,
  QuantityDialog,
  ReviewDialog,
  SelectOrderDialog,
} from './bad-stock-dialogs.tsx';
import { InventoryNav } from './inventory-nav.tsx';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * Bad Stock Transfer (spec 3 §2.4, §4, §5, §8; /bad-stock-transfer and /admin-v2/inventory/bad-stock): 1 'Select
 * Order', 2 the order's items each with 'Transfer Bad Stock', 3 quantity and estimated amount, 4 the review with the
 * editable updated total and 'Confirm Transfer'; then 'Transfer has been successful.' and the result modal, whose
 * Close reloads the page. 'Select Different Order' returns to step 1.
 */
export default function BadStockPage() {
  const [reference, setReference] = useState<string | null>(null);
  const [picking, setPicking] = useState(true);
  const order = useBadStockOrder(reference);
  const transfer = useTransferBadStock();
  const [line, setLine] = useState<BadStockLine | null>(null);
  const [draft, setDraft] = useState<BadStockDraft | null>(null);
  const [done, setDone] = useState<BadStockTransferResult['result'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async (updatedTotal: number) => {
    if (!draft || !order.data) return;
    try {
      const answer = await transfer.mutateAsync({
        transferQuantity: draft.quantity,
        transferAmount: draft.amount,
        orderFormDetailId: draft.line.id,
        productId: draft.line.product_id,
        updatedOrderTotal: updatedTotal,
        orderReference: order.data.reference_no,
      });
      toast(badStockMessages.success, 'success');
      setDraft(null);
      setDone(answer.result);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setProblem(caught.message);
      toast(caught.message, 'error');
      setDraft(null);
      void order.refetch();
    }
  };

  return (
    <Stack gap="md" maw={1100}>
      <InventoryNav />
      <Title order={1} size="h2">
        Bad Stock Transfer
      </Title>
      <SelectOrderDialog
        opened={picking}
        onClose={() => setPicking(false)}
        onChoose={(chosen) => {
          setReference(chosen);
          setPicking(false);
        }}
      />
      {reference === null ? (
        picking ? null : (
          <Group>
            <Button onClick={() => setPicking(true)}>Select Order</Button>
          </Group>
        )
      ) : order.isPending ? (
        <Skeleton h={200} aria-label="Loading..." />
      ) : order.isError ? (
        <Alert color="red" role="alert">
          {order.error.message}
        </Alert>
      ) : (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Text>
                <b>Reference:</b> {order.data.reference_no}
              </Text>
              <Text>
                <b>Customer:</b> {order.data.name}
              </Text>
              <Text>
                <b>Total:</b> {formatPeso2(order.data.total_amount)}
              </Text>
            </SimpleGrid>
            {problem ? (
              <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setProblem(null)}>
                {problem}
              </Alert>
            ) : null}
            <ScrollRegion label="Order items, scrolls sideways" minWidth={600}>
              <Table striped aria-label="Order items">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Quantity</Table.Th>
                    <Table.Th ta="right">Unit price</Table.Th>
                    <Table.Th ta="right">Sum</Table.Th>
                    <Table.Th>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {order.data.order_details.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>{item.name}</Table.Td>
                      <Table.Td ta="right">
                        {item.quantity}
                        {item.transferable < item.quantity ? (
                          <Text size="xs" c="dimmed">
                            {item.quantity - item.transferable} already bad stock
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">{formatPeso2(item.price)}</Table.Td>
                      <Table.Td ta="right">{formatPeso2(item.amount)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          color="red.9"
                          disabled={item.transferable === 0}
                          aria-label={`Transfer Bad Stock: ${item.name}`}
                          onClick={() => {
                            setProblem(null);
                            setLine(item);
                          }}
                        >
                          Transfer Bad Stock
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            <Group>
              <Button variant="default" onClick={() => setPicking(true)}>
                Select Different Order
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {line ? (
        <QuantityDialog
          line={line}
          onClose={() => setLine(null)}
          onReview={(next) => {
            setLine(null);
            setDraft(next);
          }}
        />
      ) : null}
      {draft && order.data ? (
        <ReviewDialog
          draft={draft}
          originalTotal={order.data.total_amount}
          confirming={transfer.isPending}
          onBack={() => {
            setLine(draft.line);
            setDraft(null);
          }}
          onConfirm={confirm}
        />
      ) : null}
      <Modal
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        opened={done !== null}
        onClose={() => window.location.reload()}
        title={badStockMessages.success}
        size={700}
        centered
      >
        {done ? (
          <Stack>
            <Table aria-label="Transfer result" variant="vertical" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={200}>Order</Table.Th>
                  <Table.Td>{done.order_form_details.reference_no}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Td>{done.product}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Td>{done.quantity}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Estimated amount</Table.Th>
                  <Table.Td>{formatPeso2(done.amount)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Original total</Table.Th>
                  <Table.Td>{formatPeso2(done.original_total)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Updated total</Table.Th>
                  <Table.Td>{formatPeso2(done.updated_total)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button onClick={() => window.location.reload()}>Close</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
