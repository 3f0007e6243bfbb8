import { ActionIcon, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { emptyNode, type ProductValues } from '../product-form.ts';
import { NodeFields } from './node-fields.tsx';

/**
 * Variations and their sub-variations. A removed node that orders or the stock ledger name is kept by the server
 * and deactivated; an unused one is deleted.
 */
export function VariationsEditor({ form }: { form: UseFormReturnType<ProductValues> }) {
  const variations = form.getValues().variations;
  return (
    <Stack gap="sm">
      {variations.length === 0 && (
        <Text size="sm" c="dimmed">
          No variations: the product itself is sold and keeps its own stock.
        </Text>
      )}
      {variations.map((variation, v) => (
        <Fieldset
          key={variation.key}
          legend={`Variation ${v + 1}${variation.name ? `: ${variation.name}` : ''}`}
          aria-label={`Variation ${v + 1}`}
        >
          <Stack gap="sm">
            <Group justify="flex-end" mt={-8}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove variation ${v + 1}`}
                onClick={() => form.removeListItem('variations', v)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <NodeFields form={form} path={`variations.${v}`} nameLabel="Variation name" />
            {variation.sub_variations.map((sub, s) => (
              <Fieldset
                key={sub.key}
                variant="filled"
                legend={`Sub-variation ${s + 1}${sub.name ? `: ${sub.name}` : ''}`}
                aria-label={`Variation ${v + 1} sub-variation ${s + 1}`}
              >
                <Group justify="flex-end" mt={-8}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove sub-variation ${s + 1} of variation ${v + 1}`}
                    onClick={() => form.removeListItem(`variations.${v}.sub_variations`, s)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                <NodeFields form={form} path={`variations.${v}.sub_variations.${s}`} nameLabel="Sub-variation name" />
              </Fieldset>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => form.insertListItem(`variations.${v}.sub_variations`, emptyNode())}
              >
                ADD SUB-VARIATION
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="outline"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('variations', { ...emptyNode(), sub_variations: [] })}
        >
          ADD VARIATION
        </Button>
      </Group>
    </Stack>
  );
}
