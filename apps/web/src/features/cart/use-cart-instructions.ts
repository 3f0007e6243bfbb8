import type { CartResponse } from '@tibay/contract';
import { messages } from '@tibay/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { saveCartInstructions } from './api.ts';

/** How long typing pauses before the instructions are saved. */
const saveAfterMs = 800;

/**
 * The cart popup's order instructions, stored with the cart on the server (PUT /cart/instructions) so the checkout
 * in any tab or device reads them. The text is loaded from the first fresh cart after the popup opens (unless the
 * buyer already typed), saved when typing pauses, on leaving the field and before PROCEED TO CHECKOUT.
 */
export function useCartInstructions(cart: CartResponse | undefined, fetching: boolean, opened: boolean) {
  const [text, setText] = useState('');
  const loaded = useRef(false);
  const typed = useRef(false);
  /** What the server holds (trimmed), as far as this popup knows. */
  const stored = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!cart || fetching || loaded.current) return;
    loaded.current = true;
    stored.current = cart.order_instructions;
    if (!typed.current) setText(cart.order_instructions);
  }, [cart, fetching]);

  const latest = useRef(text);
  latest.current = text;

  /** Saves what was typed if the server does not hold it yet; false (with a toast) when it could not be saved. */
  async function save(): Promise<boolean> {
    window.clearTimeout(timer.current);
    const wanted = latest.current.trim();
    // Nothing typed here: the server's text stands (an untouched popup never overwrites another device's text).
    if (!typed.current || wanted === stored.current) return true;
    try {
      const answer = await saveCartInstructions(wanted);
      stored.current = answer.order_instructions;
      return true;
    } catch (error) {
      toast(
        error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : messages.serverError,
        'error',
      );
      return false;
    }
  }

  function change(value: string) {
    typed.current = true;
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(), saveAfterMs);
  }

  // Closing the popup saves what is pending; the next opening loads the cart's text afresh.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (opened) return;
    loaded.current = false;
    void saveRef.current().then(() => {
      typed.current = false;
    });
  }, [opened]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return { text, change, save };
}
