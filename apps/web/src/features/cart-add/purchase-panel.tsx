import { ActionIcon, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus, IconShoppingCartPlus } from '@tabler/icons-react';
import { cartLineCap, formatCount, type ProductNode, quantityQuickPicks } from '@tibay/contract';
import { useId } from 'react';
import classes from './purchase-panel.module.css';
import type { PurchaseState } from './use-purchase.ts';

function Choices({
  label,
  nodes,
  value,
  onChange,
}: {
  label: string;
  nodes: ProductNode[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <Radio.Group label={label} value={value === null ? null : String(value)} onChange={(v) => onChange(Number(v))}>
      <Group gap="xs" mt={6}>
        {nodes.map((node) => (
          <Radio.Card
            key={node.id}
            value={String(node.id)}
            className={classes.choice}
            data-empty={node.stocks <= 0 || undefined}
          >
            {node.name}
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * Variation and sub-variation choices (colour and volume for paint), stock, quantity with minus, plus and the
 * quick picks, the warning text and ADD TO CART: the same block on the item page and in the popup.
 */
export function PurchasePanel({
  state,
  variations,
  clearChatBubble = false,
}: {
  state: PurchaseState;
  /** On the page (not in a popup) the phone's sticky footer leaves room for the floating chat button. */
  clearChatBubble?: boolean;
  variations: (ProductNode & { sub_variations: ProductNode[] })[];
}) {
  const paint = state.mode === 'paint';
  // Paint: colours with volumes under them, or volumes alone when the paint comes in one colour.
  const paintColours = variations.some((v) => v.sub_variations.length > 0);
  const warningId = useId();
  const variation = variations.find((v) => v.id === state.variationId);
  const count = Number(state.quantity || '0');
  return (
    <Stack gap="md">
      <Text fz="sm">
        <Text span fw={600}>
          Stock:
        </Text>{' '}
        {formatCount(state.shown.stocks)}
      </Text>
      {variations.length > 0 && (
        <Choices
          label={paint ? (paintColours ? 'Colour' : 'Volume') : 'Variation'}
          nodes={variations}
          value={state.variationId}
          onChange={state.selectVariation}
        />
      )}
      {variation && variation.sub_variations.length > 0 && (
        <Choices
          label={paint ? 'Volume' : 'Sub variation'}
          nodes={variation.sub_variations}
          value={state.subVariationId}
          onChange={state.selectSubVariation}
        />
      )}
      <div>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Decrease quantity"
            onClick={state.decrease}
            disabled={count <= state.range.min}
          >
            <IconMinus size={16} />
          </ActionIcon>
          <TextInput
            label="Quantity"
            description={paint ? `Up to ${formatCount(cartLineCap)}` : undefined}
            inputMode="numeric"
            autoComplete="off"
            value={state.quantity}
            onChange={(event) => state.setQuantity(event.currentTarget.value)}
            w={110}
            classNames={{ input: classes.quantity }}
            aria-describedby={state.warning ? warningId : undefined}
          />
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Increase quantity"
            onClick={state.increase}
            disabled={count >= state.range.max}
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Group>
        {!paint && (
          <Group gap="xs" mt="xs" role="group" aria-label="Quick quantity">
            {quantityQuickPicks.map((pick) => (
              <Button
                key={pick}
                size="compact-sm"
                variant={count === pick ? 'filled' : 'default'}
                aria-pressed={count === pick}
                disabled={pick > state.orderable}
                onClick={() => state.setQuantity(String(pick))}
              >
                {pick}
              </Button>
            ))}
          </Group>
        )}
      </div>
      <div className={classes.footer} data-clear-bubble={clearChatBubble || undefined}>
        <Text id={warningId} c="red.8" fz="sm" mih={20} aria-live="polite">
          {state.warning}
        </Text>
        <Button
          size="md"
          leftSection={<IconShoppingCartPlus size={18} />}
          disabled={state.warning !== null || state.adding}
          onClick={state.submit}
          fullWidth
          mt={6}
        >
          {state.adding ? 'Adding...' : 'ADD TO CART'}
        </Button>
      </div>
    </Stack>
  );
}
