import { useQueryClient } from '@tanstack/react-query';
import { type CheckoutResult, messages, type PaymentMethodCode, type PlaceOrderRequest } from '@tibay/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buildCreditKeys } from '../../lib/customer.ts';
import { toast } from '../../lib/toast.ts';
import { cartKeys, clearCartCount } from '../cart/index.ts';
import { placeOrder } from './api.ts';
import { finishCheckout, idempotencyKeyFor, setActiveReference, storeOrderSummary } from './checkout-storage.ts';

/** Spec 2 §9: the gateway redirect delay. */
const gatewayRedirectMs = 3000;

export interface OrderFiles {
  proof: File | null;
  purchaseOrder: File | null;
}

/** The gateway notice: the payment page's URL once it opened, or why the order could not be placed. */
export interface GatewayNotice {
  url: string | null;
  error: string | null;
}

/**
 * PAY's request and what follows it (spec 2 §9): the order goes with an Idempotency-Key kept while the same order
 * is retried; a placed order stores its summary, leaves the cart and opens the gateway (then watches the payment)
 * or the order complete page.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  // Once the order is placed its lines have left the cart: the preview is no longer asked for.
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<GatewayNotice | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  function placed(result: CheckoutResult, payMethod: PaymentMethodCode, gateway: boolean) {
    setDone(true);
    const key = storeOrderSummary(result.orders, payMethod, result.fees, result.payment.instructions);
    finishCheckout();
    // The ordered lines left the cart; balances changed.
    clearCartCount(queryClient);
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void queryClient.invalidateQueries({ queryKey: buildCreditKeys.all });
    const reference = result.orders[0]?.reference;
    if (gateway && result.payment.payment_url && reference) {
      setActiveReference({ reference, summaryKey: key });
      setNotice({ url: result.payment.payment_url, error: null });
      window.open(result.payment.payment_url, '_blank', 'noopener');
      redirectTimer.current = window.setTimeout(
        () => navigate(`/payment/web-hooks?ref=${encodeURIComponent(reference)}`),
        gatewayRedirectMs,
      );
      return;
    }
    navigate(`/confirmpayment?key=${encodeURIComponent(key)}`);
  }

  async function place(data: PlaceOrderRequest, files: OrderFiles, gateway: boolean) {
    const fingerprint = JSON.stringify([
      data,
      [files.proof, files.purchaseOrder].map((f) => (f ? [f.name, f.size, f.lastModified] : null)),
    ]);
    setPaying(true);
    let result: CheckoutResult;
    try {
      result = await placeOrder(data, files, idempotencyKeyFor(fingerprint));
    } catch (error) {
      setPaying(false);
      const message = error instanceof Error ? error.message : messages.serverError;
      if (gateway) setNotice({ url: null, error: message });
      else toast(message, 'error');
      return;
    }
    placed(result, data.payment_method, gateway);
  }

  return { paying, done, notice, setNotice, place };
}
