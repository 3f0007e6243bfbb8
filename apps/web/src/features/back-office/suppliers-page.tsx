import {
  ActionIcon,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { purchasingMessages, type Supplier } from '@tibay/contract';
import { useState } from 'react';
import { ListStates } from '../../components/list-states.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveSupplier, useSuppliers } from './api.ts';
import { PurchasingNav } from './purchasing-nav.tsx';

/** /admin-v2/purchasing/suppliers: who the business buys from (a purchase order names one). */
export default function SuppliersPage() {
  const suppliers = useSuppliers();
  const [editing, setEditing] = useState<{ supplier: Supplier | null } | null>(null);
  return (
    <Stack gap="md" maw={1100}>
      <PurchasingNav />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Suppliers
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ supplier: null })}>
          Add supplier
        </Button>
      </Group>
      <ListStates query={suppliers} rowHeight={36} empty="No suppliers yet. Add the first with Add supplier.">
        {(data) => (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover aria-label="Suppliers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Contact person</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((supplier) => (
                  <Table.Tr key={supplier.id}>
                    <Table.Td fw={700}>{supplier.supplier_name}</Table.Td>
                    <Table.Td>{supplier.contact_person || '—'}</Table.Td>
                    <Table.Td>{supplier.phone || '—'}</Table.Td>
                    <Table.Td>{supplier.email || '—'}</Table.Td>
                    <Table.Td>{supplier.address || '—'}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={`Edit ${supplier.supplier_name}`}
                        onClick={() => setEditing({ supplier })}
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
      {editing ? <SupplierDialog supplier={editing.supplier} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

function SupplierDialog({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const save = useSaveSupplier();
  const [values, setValues] = useState({
    supplier_name: supplier?.supplier_name ?? '',
    contact_person: supplier?.contact_person ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    address: supplier?.address ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
    error: errors[name],
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.supplier_name.trim()) {
      setErrors({ supplier_name: purchasingMessages.nameRequired });
      return;
    }
    try {
      await save.mutateAsync({ id: supplier?.id ?? null, input: values });
      toast(purchasingMessages.saved, 'success');
      onClose();
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.fields) setErrors(caught.fields);
      else toast(caught.message, 'error');
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={supplier ? `Edit supplier: ${supplier.supplier_name}` : 'Add supplier'}
      size={700}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Supplier name" withAsterisk maxLength={120} {...field('supplier_name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Contact person" maxLength={120} {...field('contact_person')} />
            <TextInput label="Phone" maxLength={40} {...field('phone')} />
            <TextInput label="Email" type="email" maxLength={254} {...field('email')} />
            <TextInput label="Address" maxLength={300} {...field('address')} />
          </SimpleGrid>
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
