import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { fetchOrderStatus } from './api.ts';
import { readActiveReference, setActiveReference } from './checkout-storage.ts';

/** Spec 2 §9: the order status poll on checkout. */
const pollMs = 5000;

/**
 * Spec 2 §4 "Checkout flow": while a checkout reference is active (a gateway payment was started), the order
 * is checked every 5 seconds and the page moves to /confirmpayment when it becomes Verified. A cancelled,
 * failed or expired payment ends the watch.
 */
export function useOrderWatch() {
  const navigate = useNavigate();
  useEffect(() => {
    const active = readActiveReference();
    if (!active) return;
    const controller = new AbortController();
    let busy = false;
    const check = async () => {
      if (busy) return;
      busy = true;
      try {
        const { status } = await fetchOrderStatus(active.reference, controller.signal);
        if (status === 'Pending') return;
        window.clearInterval(timer);
        setActiveReference(null);
        if (status === 'Verified') navigate(`/confirmpayment?key=${encodeURIComponent(active.summaryKey)}`);
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        // A failed check is tried again on the next tick; an unknown order ends the watch.
        if ((error as { status?: number }).status === 404) {
          window.clearInterval(timer);
          setActiveReference(null);
        }
      } finally {
        busy = false;
      }
    };
    const timer = window.setInterval(check, pollMs);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [navigate]);
}
