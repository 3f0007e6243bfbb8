import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages, type OrderAgainLine, type OrderAgainResponse } from '@tibay/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { cartKeys, syncCartCount } from '../cart/index.ts';
import { orderAgain } from './api.ts';

function lineText(line: OrderAgainLine): string {
  return `${line.name}: ${line.note ?? ''} (ordered ${line.requested}${line.quantity ? `, added ${line.quantity}` : ''})`;
}

/**
 * The order-again confirmation (spec 2 §2): the cart is cleared and replaced by the order's items. Afterwards the
 * modal lists anything that went in with less or not at all — nothing is dropped silently.
 */
export function OrderAgainModal({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<OrderAgainResponse | null>(null);
  const [failure, setFailure] = useState<{ message: string; lines: string[] } | null>(null);

  useEffect(() => {
    if (reference) {
      setResult(null);
      setFailure(null);
      setBusy(false);
    }
  }, [reference]);

  const proceed = async () => {
    if (!reference) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await orderAgain(reference);
      syncCartCount(queryClient, answer.cart_count);
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      toast(answer.message, 'success');
      const shortfalls = answer.added.some((line) => line.reason) || answer.not_added.length > 0;
      if (shortfalls) setResult(answer);
      else onClose();
    } catch (caught) {
      if (caught instanceof ApiError) {
        setFailure({
          message: caught.message,
          lines: Object.entries(caught.fields ?? {}).map(([name, note]) => `${name}: ${note}`),
        });
      } else setFailure({ message: messages.serverError, lines: [] });
    } finally {
      setBusy(false);
    }
  };

  const reduced = result?.added.filter((line) => line.reason) ?? [];
  return (
    <Modal
      opened={reference !== null}
      onClose={onClose}
      title={<Text fw={700}>{result ? 'ORDER AGAIN' : messages.orderAgainConfirm}</Text>}
      centered
    >
      {result ? (
        <Stack gap="sm">
          <Text>{messages.orderAgainSuccess}</Text>
          {result.not_added.length > 0 ? (
            <Alert color="red" title="Not added to your cart">
              <List size="sm">
                {result.not_added.map((line) => (
                  <List.Item key={line.product_id}>{lineText(line)}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {reduced.length > 0 ? (
            <Alert color="yellow" title="Added with a smaller quantity">
              <List size="sm">
                {reduced.map((line) => (
                  <List.Item key={line.product_id}>{lineText(line)}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={onClose}>OK</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {reference ? (
            <Text size="sm" c="dimmed">
              Order {reference}
            </Text>
          ) : null}
          <Text>{messages.orderAgainExplain}</Text>
          {failure ? (
            <Alert color="red" role="alert" title={failure.message}>
              {failure.lines.length > 0 ? (
                <List size="sm">
                  {failure.lines.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={proceed} loading={busy}>
              Continue
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
