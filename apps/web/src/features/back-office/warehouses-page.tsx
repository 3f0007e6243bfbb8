import { ActionIcon, Button, Group, Modal, Stack, Table, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { purchasingMessages, type Warehouse } from '@tibay/contract';
import { useState } from 'react';
import { ListStates } from '../../components/list-states.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveWarehouse, useWarehouses } from './api.ts';
import { PurchasingNav } from './purchasing-nav.tsx';

/** /admin-v2/purchasing/warehouses: where purchase receives put the units. */
export default function WarehousesPage() {
  const warehouses = useWarehouses();
  const [editing, setEditing] = useState<{ warehouse: Warehouse | null } | null>(null);
  return (
    <Stack gap="md" maw={1100}>
      <PurchasingNav />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Warehouses
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ warehouse: null })}>
          Add warehouse
        </Button>
      </Group>
      <ListStates query={warehouses} rowHeight={36} empty="No warehouses yet. Add the first with Add warehouse.">
        {(data) => (
          <Table.ScrollContainer minWidth={400}>
            <Table striped highlightOnHover aria-label="Warehouses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Warehouse</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((warehouse) => (
                  <Table.Tr key={warehouse.id}>
                    <Table.Td fw={700}>{warehouse.name}</Table.Td>
                    <Table.Td>{warehouse.address || '—'}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={`Edit ${warehouse.name}`}
                        onClick={() => setEditing({ warehouse })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>
      {editing ? <WarehouseDialog warehouse={editing.warehouse} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

function WarehouseDialog({ warehouse, onClose }: { warehouse: Warehouse | null; onClose: () => void }) {
  const save = useSaveWarehouse();
  const [name, setName] = useState(warehouse?.name ?? '');
  const [address, setAddress] = useState(warehouse?.address ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: purchasingMessages.nameRequired });
      return;
    }
    try {
      await save.mutateAsync({ id: warehouse?.id ?? null, input: { name, address } });
      toast(purchasingMessages.saved, 'success');
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.fields) setErrors(caught.fields);
      else toast(caught.message, 'error');
    }
  };

  return (
    <Modal opened onClose={onClose} title={warehouse ? `Edit warehouse: ${warehouse.name}` : 'Add warehouse'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Warehouse name"
            withAsterisk
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Address"
            maxLength={300}
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
