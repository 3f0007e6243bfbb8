import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { type CartLine, cartQuantityProblem, digitsOnly, messages } from '@tibay/contract';
import { useEffect, useRef, useState } from 'react';

export interface QuantityStepperProps {
  line: CartLine;
  /** The line's accessible name (product, variation, sub-variation). */
  name: string;
  /** Saves an allowed quantity; resolves false when the server refused it. */
  onCommit: (quantity: number) => Promise<boolean>;
  disabled?: boolean;
}

/**
 * The cart stepper (spec 1 §5): minus, a digits-only input and plus. Below 1 (typed 0, or minus at 1) shows
 * "Quantity cannot be lesser than 1"; plus and typing stop at the lower of the quantity limit, the stock and
 * 1200 with the "Only {n} items can be ordered..." text. Only allowed quantities are sent.
 */
export function QuantityStepper({ line, name, onCommit, disabled }: QuantityStepperProps) {
  const [draft, setDraft] = useState(String(line.quantity));
  const [message, setMessage] = useState<string | null>(null);
  const editing = useRef(false);
  const timer = useRef<number | undefined>(undefined);

  // The 3 s refresh must not overwrite what is being typed.
  useEffect(() => {
    if (!editing.current) setDraft(String(line.quantity));
  }, [line.quantity]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const commit = async (quantity: number) => {
    window.clearTimeout(timer.current);
    const problem = cartQuantityProblem(quantity, line);
    if (problem) {
      setMessage(problem);
      return;
    }
    setMessage(null);
    if (quantity === line.quantity) return;
    setDraft(String(quantity));
    const saved = await onCommit(quantity);
    editing.current = false;
    if (!saved) setDraft(String(line.quantity));
  };

  const step = (delta: number) => {
    const current = Number(draft || '0');
    const next = current + delta;
    if (delta < 0 && current <= 1) {
      setMessage(messages.quantityBelowOne);
      return;
    }
    void commit(next);
  };

  const type = (value: string) => {
    const digits = digitsOnly(value).slice(0, 5);
    editing.current = true;
    setDraft(digits);
    window.clearTimeout(timer.current);
    if (digits === '') {
      setMessage(null);
      return;
    }
    const quantity = Number(digits);
    const problem = cartQuantityProblem(quantity, line);
    setMessage(problem);
    if (!problem) timer.current = window.setTimeout(() => void commit(quantity), 700);
  };

  const leave = () => {
    if (draft === '' || cartQuantityProblem(Number(draft), line)) {
      editing.current = false;
      setDraft(String(line.quantity));
      return;
    }
    void commit(Number(draft)).finally(() => {
      editing.current = false;
    });
  };

  return (
    <div>
      <Group gap={4} wrap="nowrap" align="flex-end">
        <ActionIcon
          variant="default"
          size={34}
          aria-label={`Decrease quantity of ${name}`}
          onClick={() => step(-1)}
          disabled={disabled}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <TextInput
          label="Quantity"
          size="xs"
          w={60}
          value={draft}
          inputMode="numeric"
          aria-label={`Quantity of ${name}`}
          onChange={(event) => type(event.currentTarget.value)}
          onBlur={leave}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
          disabled={disabled}
          styles={{ input: { textAlign: 'center', height: 34 }, label: { fontSize: 11 } }}
        />
        <ActionIcon
          variant="default"
          size={34}
          aria-label={`Increase quantity of ${name}`}
          onClick={() => step(1)}
          disabled={disabled}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {message ? (
        <Text size="xs" c="red.7" mt={4} role="alert" maw={200}>
          {message}
        </Text>
      ) : null}
    </div>
  );
}
