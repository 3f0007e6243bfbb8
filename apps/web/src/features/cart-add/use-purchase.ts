import { useMutation } from '@tanstack/react-query';
import {
  cartLineCap,
  type LeafDepth,
  messages,
  onlyItemsMessage,
  orderableQuantity,
  type ProductDetail,
  type ProductNode,
} from '@tibay/contract';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { newRequestKey } from '../../lib/request-key.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { showCartCount } from '../cart/index.ts';
import { addToCart } from './api.ts';
import { fitsRange, nextQuantity, previousQuantity, type QuantityRange, quantityRange } from './quantity-range.ts';

/**
 * Where the selection is made: the item page (quantity min and step 100), the add-to-cart popup (step 1),
 * or the paint variant of either (colour and volume; digits only, default 1, max 1200).
 */
export type PurchaseMode = 'page' | 'popup' | 'paint';

export interface PurchaseState {
  mode: PurchaseMode;
  variationId: number | null;
  subVariationId: number | null;
  selectVariation: (id: number) => void;
  selectSubVariation: (id: number) => void;
  /** The quantity field's text (digits only). */
  quantity: string;
  setQuantity: (value: string) => void;
  decrease: () => void;
  increase: () => void;
  /** The stepper's minimum, step and maximum for the chosen leaf (quantity-range.ts). */
  range: QuantityRange;
  /** The deepest chosen node (product, variation or sub-variation): its price and stock are shown. */
  shown: ProductNode;
  /** How many of the shown node can be ordered (lower of stock and limit, capped at 1200). */
  orderable: number;
  /** The spec's warning for the current selection, or null when ADD TO CART can be used. */
  warning: string | null;
  adding: boolean;
  submit: () => void;
}

function asNode(product: ProductDetail): ProductNode {
  const { id, name, price, discounted_price, stocks, quantity_limit } = product;
  return { id, name, price, discounted_price, stocks, quantity_limit };
}

/**
 * The add-to-cart rules (spec 1 §4, §5), shared by the item page and the popup: the selection is complete
 * with the product itself (no variations), a variation (no sub-variations) or both; the quantity must be above
 * 0 and within the lower of stock and quantity limit.
 */
export function usePurchase(product: ProductDetail, mode: PurchaseMode, onAdded?: () => void): PurchaseState {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const onItemPage = mode === 'page';
  const [variationId, setVariationId] = useState<number | null>(null);
  const [subVariationId, setSubVariationId] = useState<number | null>(null);
  // Starts at the stepper's minimum for what the product allows (100, or 1 when it allows fewer than 100).
  const [quantity, setQuantityText] = useState(() =>
    String(quantityRange(onItemPage, product.variations.length === 0 ? orderableQuantity(product) : cartLineCap).min),
  );

  const variation = product.variations.find((v) => v.id === variationId) ?? null;
  const sub = variation?.sub_variations.find((s) => s.id === subVariationId) ?? null;
  const shown: ProductNode = sub ?? variation ?? asNode(product);
  const orderable = orderableQuantity(shown);
  const count = Number(quantity || '0');

  let leaf: { node: ProductNode; depth: LeafDepth } | null = null;
  let warning: string | null = null;
  if (product.variations.length === 0) leaf = { node: shown, depth: 0 };
  else if (!variation) warning = messages.selectVariation;
  else if (variation.sub_variations.length === 0) leaf = { node: variation, depth: 1 };
  else if (!sub) warning = messages.selectSubVariation;
  else leaf = { node: sub, depth: 2 };
  if (!warning) {
    if (!leaf) warning = messages.cannotDetermineProduct;
    else if (!Number.isInteger(count) || count <= 0) warning = messages.zeroQuantity;
    else if (count > orderableQuantity(leaf.node)) warning = onlyItemsMessage(orderableQuantity(leaf.node), leaf.depth);
  }
  // Until a leaf is chosen the page's own range applies (by the hundred, up to 1200).
  const range = quantityRange(onItemPage, leaf ? orderableQuantity(leaf.node) : cartLineCap);

  /** A newly chosen leaf whose range the quantity is outside of starts at its minimum (never at its whole stock). */
  const fitTo = (node: ProductNode | null) => {
    if (!node) return;
    const next = quantityRange(onItemPage, orderableQuantity(node));
    if (!fitsRange(count, next)) setQuantityText(String(next.min));
  };

  // Busy from the click itself: the mutation's pending state reaches the button a tick later, and a double click's
  // second click lands before it.
  const addingRef = useRef(false);
  // The request key of an add whose answer was lost (no answer, or a server error): clicking again for the same
  // selection sends the same key, so the server does not add it twice.
  const unansweredRef = useRef<{ fingerprint: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: addToCart,
    onSettled: (_data, error) => {
      addingRef.current = false;
      const unanswered = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!unanswered) unansweredRef.current = null;
    },
    onSuccess: (response) => {
      toast(messages.itemAddedToCart, 'success');
      showCartCount(response.cart_count);
      onAdded?.();
    },
    onError: (error) => {
      const body = error as ApiError & { errors?: { message: string }[] };
      if (Array.isArray(body.errors)) for (const e of body.errors) toast(e.message, 'error');
      else toast(error instanceof ApiError ? error.message : messages.serverError, 'error');
    },
  });

  const setQuantity = (value: string) => {
    let digits = value.replace(/\D/g, '').slice(0, 5);
    if (mode === 'paint' && Number(digits) > cartLineCap) digits = String(cartLineCap);
    setQuantityText(digits);
  };

  return {
    mode,
    variationId,
    subVariationId,
    selectVariation: (id) => {
      if (id !== variationId) setSubVariationId(null);
      setVariationId(id);
      const chosen = product.variations.find((v) => v.id === id);
      if (chosen && chosen.sub_variations.length === 0) fitTo(chosen);
    },
    selectSubVariation: (id) => {
      setSubVariationId(id);
      fitTo(variation?.sub_variations.find((s) => s.id === id) ?? null);
    },
    quantity,
    setQuantity,
    decrease: () => setQuantityText(String(previousQuantity(count, range))),
    increase: () => setQuantityText(String(nextQuantity(count, range))),
    range,
    shown,
    orderable,
    warning,
    adding: mutation.isPending,
    submit: () => {
      if (warning || !leaf || addingRef.current) return;
      if (!session.token) {
        navigate(`/login?returnUrl=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
        return;
      }
      const body = {
        product_id: product.id,
        variation_id: variation?.id ?? null,
        sub_variation_id: sub?.id ?? null,
        quantity: count,
      };
      const fingerprint = JSON.stringify(body);
      const retry = unansweredRef.current;
      const requestKey = retry?.fingerprint === fingerprint ? retry.key : newRequestKey();
      unansweredRef.current = { fingerprint, key: requestKey };
      addingRef.current = true;
      mutation.mutate({ body, requestKey });
    },
  };
}
