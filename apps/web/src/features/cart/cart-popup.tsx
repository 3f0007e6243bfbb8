import { Alert, Box, Button, Drawer, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type CartResponse, formatPeso, messages, orderInstructionsMaxLength } from '@tibay/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LimitedTextarea } from '../../components/limited-textarea.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { cartKeys, changeCartQuantity, checkoutLines, markCartItems, removeSelectedCartItems, useCart } from './api.ts';
import { syncCartCount } from './cart-count.ts';
import { CartLineRow } from './components/cart-line-row.tsx';
import { useCartInstructions } from './use-cart-instructions.ts';

/** The cart with the not yet answered marks applied. */
function withMarks(cart: CartResponse | undefined, marks: ReadonlyMap<number, boolean>): CartResponse | undefined {
  if (!cart || marks.size === 0) return cart;
  return {
    ...cart,
    cart: cart.cart.map((line) => (marks.has(line.id) ? { ...line, marked: marks.get(line.id)! } : line)),
  };
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : fallback;
}

/**
 * MY CART (spec 1 "Cart popup", §4 Cart, §5 cart quantity, §8): the item count; MARK ALL / UNMARK ALL; REMOVE
 * with a confirmation; per-line mark boxes and steppers; order instructions; the grand total of the marked lines;
 * PROCEED TO CHECKOUT. Refreshed every 3 s while open; the header badge follows. A customer without a delivery
 * address gets the blocking "Please add delivery address" dialog.
 */
export default function CartPopup({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const cart = useCart(session.token, opened);
  // Marks clicked but not yet answered, shown over whatever the cart query holds: a refresh that lands in between
  // (the 3 s poll, a quantity change) reads the server before the mark and must not flip the box back.
  const [pendingMarks, setPendingMarks] = useState<ReadonlyMap<number, boolean>>(new Map());
  const shown = useMemo(() => withMarks(cart.data, pendingMarks), [cart.data, pendingMarks]);
  const lines = shown?.cart ?? [];
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [proceeding, setProceeding] = useState(false);
  const instructions = useCartInstructions(cart.data, cart.isFetching, opened);

  useEffect(() => {
    if (cart.data) syncCartCount(queryClient, cart.data.count);
  }, [cart.data, queryClient]);

  // The marks are stored with the cart (every page, tab and device shows the same); lines just added are marked.
  const markable = useMemo(() => lines.filter((line) => line.available), [lines]);
  const markedLines = checkoutLines(shown);
  const allMarked = markable.length > 0 && markable.every((line) => line.marked);
  const total = markedLines.reduce((sum, line) => sum + line.price, 0);
  const needsAddress = opened && cart.data !== undefined && cart.data.delivery_address === null;

  const key = cartKeys.lines(session.token);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  // Mark requests still unanswered: only the last answer replaces the cart (an earlier one predates later clicks).
  const marking = useRef(0);

  const setMarks = async (ids: number[], on: boolean) => {
    if (ids.length === 0) return;
    await queryClient.cancelQueries({ queryKey: key });
    setPendingMarks((current) => new Map([...current, ...ids.map((id) => [id, on] as const)]));
    marking.current += 1;
    try {
      const fresh = await markCartItems(ids, on);
      if (marking.current === 1) queryClient.setQueryData(key, fresh);
    } catch (error) {
      toast(errorText(error, messages.serverError), 'error');
      await refresh();
    } finally {
      marking.current -= 1;
      // The answer (or the refresh after a failure) now holds these marks, unless a later click changed them again.
      setPendingMarks((current) => {
        const left = new Map(current);
        for (const id of ids) if (left.get(id) === on) left.delete(id);
        return left;
      });
    }
  };

  const changeQuantity = async (id: number, quantity: number) => {
    try {
      await changeCartQuantity(id, quantity);
      await refresh();
      return true;
    } catch (error) {
      toast(errorText(error, messages.serverError), 'error');
      await refresh();
      return false;
    }
  };

  const markedIds = markedLines.map((line) => line.id);

  const askRemove = () => {
    if (markedIds.length === 0) {
      toast(messages.noItemsSelectedForRemoval, 'error');
      return;
    }
    setConfirming(true);
  };

  const remove = async () => {
    setRemoving(true);
    try {
      const result = await removeSelectedCartItems(markedIds);
      toast(messages.itemsRemoved, 'success');
      syncCartCount(queryClient, result.cart_count);
      await refresh();
    } catch (error) {
      toast(error instanceof ApiError && error.status === 400 ? error.message : messages.removeItemsFailed, 'error');
      await refresh();
    } finally {
      setRemoving(false);
      setConfirming(false);
    }
  };

  // Checkout reads the marked lines and the instructions from the server, so the instructions are saved first.
  const proceed = async () => {
    if (markedLines.length === 0) {
      toast(messages.noItemForCheckout, 'error');
      return;
    }
    setProceeding(true);
    const saved = await instructions.save();
    setProceeding(false);
    if (!saved) return;
    onClose();
    navigate('/checkout');
  };

  // The Drawer renders its title in an h2: plain spans inside.
  const title = (
    <>
      <Text span fz={20} fw={800} tt="uppercase">
        MY CART
      </Text>{' '}
      <Text span c="dimmed" fw={600}>
        ({cart.data?.count ?? 0})
      </Text>
    </>
  );

  return (
    <>
      <Drawer
        opened={opened && !needsAddress}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 480}
        title={title}
        closeButtonProps={{ 'aria-label': 'Close cart' }}
        scrollAreaComponent={ScrollArea.Autosize}
        styles={{ body: { display: 'flex', flexDirection: 'column', minHeight: 'calc(100% - 60px)' } }}
      >
        {cart.isPending && cart.fetchStatus !== 'idle' ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading your cart" />
          </Group>
        ) : cart.isError && !cart.data ? (
          <Alert color="red" title="Your cart could not be loaded">
            {errorText(cart.error, messages.serverError)}
          </Alert>
        ) : (
          <Stack gap="sm" style={{ flex: 1 }}>
            <Group justify="space-between">
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  void setMarks(
                    markable.filter((line) => line.marked === allMarked).map((line) => line.id),
                    !allMarked,
                  )
                }
                disabled={markable.length === 0}
              >
                {allMarked ? 'UNMARK ALL' : 'MARK ALL'}
              </Button>
              <Button variant="subtle" color="red" size="compact-sm" onClick={askRemove}>
                REMOVE
              </Button>
            </Group>
            {lines.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                Your cart is empty.
              </Text>
            ) : (
              <Box>
                {lines.map((line) => (
                  <CartLineRow
                    key={line.id}
                    line={line}
                    marked={line.available && line.marked}
                    onMark={(on) => void setMarks([line.id], on)}
                    onQuantity={(quantity) => changeQuantity(line.id, quantity)}
                    onOpenItem={onClose}
                  />
                ))}
              </Box>
            )}
            <LimitedTextarea
              label="Order instructions"
              placeholder="Notes for the seller (delivery gate, landmarks, preferred time)"
              autosize
              minRows={2}
              maxRows={5}
              maxLength={orderInstructionsMaxLength}
              value={instructions.text}
              onChange={(event) => instructions.change(event.currentTarget.value)}
              onBlur={() => void instructions.save()}
            />
            <Box
              mt="auto"
              pt="sm"
              pb="xs"
              pos="sticky"
              bottom={0}
              bg="white"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 2 }}
            >
              <Group justify="space-between">
                <Text fw={700} tt="uppercase">
                  Grand total
                </Text>
                <Text fw={800} fz={20} c="brand.8" aria-label="Grand total">
                  {formatPeso(total)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" mb="sm">
                Tax included. Shipping calculated at checkout.
              </Text>
              <Button fullWidth size="md" onClick={() => void proceed()} loading={proceeding}>
                PROCEED TO CHECKOUT
              </Button>
            </Box>
          </Stack>
        )}
      </Drawer>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Remove items" centered zIndex={400}>
        <Text mb="md">
          Remove {markedIds.length === 1 ? 'the marked item' : `the ${markedIds.length} marked items`} from your cart?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            CANCEL
          </Button>
          <Button color="red" onClick={() => void remove()} loading={removing}>
            REMOVE
          </Button>
        </Group>
      </Modal>

      <Modal
        opened={needsAddress}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title={messages.addDeliveryAddress}
      >
        <Text mb="md">We need your delivery address before you can shop from your cart.</Text>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              onClose();
              navigate(`/change-address/${session.userId}?newUser=true`);
            }}
          >
            ADD DELIVERY ADDRESS
          </Button>
        </Group>
      </Modal>
    </>
  );
}
