import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { productInput, type SellerProduct, sellerCenterMessages, sellingUnits } from '@tibay/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useCategories } from '../categories/index.ts';
import { deleteProduct, saveProduct, sellerKeys, useSellerProduct } from './api.ts';
import { ImagesPanel, VideosPanel } from './components/media-panel.tsx';
import { NodeFields } from './components/node-fields.tsx';
import { StockPanel } from './components/stock-panel.tsx';
import { VariationsEditor } from './components/variations-editor.tsx';
import { emptyProduct, inputFrom, type ProductValues, valuesFrom } from './product-form.ts';

/** /seller-center/products/new and /seller-center/products/:id: the product, its variations, photos, videos, stock. */
export default function ProductEditorPage() {
  const params = useParams();
  const id = params.id && params.id !== 'new' ? Number(params.id) : null;
  const product = useSellerProduct(id);

  if (id !== null && product.isPending) return <Loader aria-label="Loading..." />;
  if (id !== null && product.isError) {
    return (
      <Stack>
        <BackLink />
        <Alert color="red" role="alert">
          {product.error.message}
        </Alert>
      </Stack>
    );
  }
  // A new form per product so the values start from what was loaded.
  return <Editor key={id ?? 'new'} product={product.data ?? null} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to="/seller-center/products" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden /> Products
      </Group>
    </Anchor>
  );
}

function Editor({ product }: { product: SellerProduct | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const categories = useCategories();
  const form = useForm<ProductValues>({
    mode: 'controlled',
    initialValues: product ? valuesFrom(product) : emptyProduct(),
    validate: (values) => {
      const parsed = productInput.safeParse(inputFrom(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      if (!values.category_id) errors.category_id = sellerCenterMessages.categoryUnknown;
      return errors;
    },
  });

  const submit = form.onSubmit(
    async (values) => {
      setSaving(true);
      setFormError(null);
      try {
        const saved = await saveProduct(product?.id ?? null, inputFrom(values));
        client.setQueryData(sellerKeys.product(saved.id), saved);
        void client.invalidateQueries({ queryKey: sellerKeys.productLists });
        toast(sellerCenterMessages.productSaved, 'success');
        if (!product) navigate(`/seller-center/products/${saved.id}`, { replace: true });
        else form.setValues(valuesFrom(saved));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        setFormError(error.message);
        if (error.fields) form.setErrors(error.fields);
      } finally {
        setSaving(false);
      }
    },
    () => setFormError('Please check the highlighted fields.'),
  );

  return (
    <Stack gap="md" maw={1100}>
      <BackLink />
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {product ? product.name : 'Add product'}
        </Title>
        {product && (
          <Group gap="xs">
            <Badge color={product.is_active ? 'green' : 'gray'} variant="light">
              {product.is_active ? 'Active' : 'Inactive'}
            </Badge>
            <Text size="sm">Stock {product.stock.toLocaleString('en-PH')}</Text>
          </Group>
        )}
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Product details
            </Title>
            <Stack gap="sm">
              <NodeFields form={form} path="" nameLabel="Product name" />
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
                <Select
                  label="Category"
                  required
                  placeholder={categories.isPending ? 'Loading...' : 'Choose a category'}
                  data={(categories.data ?? []).map((c) => ({
                    value: String(c.category_id),
                    label: c.product_category,
                  }))}
                  searchable
                  {...form.getInputProps('category_id')}
                />
                <TextInput label="Brand" {...form.getInputProps('brand')} />
                <Select
                  label="Selling unit"
                  description="Shown with the price: ₱265.000 / bag"
                  data={[...sellingUnits]}
                  allowDeselect={false}
                  withAsterisk
                  {...form.getInputProps('selling_unit')}
                />
                <NumberInput
                  label="Weight (grams)"
                  description="Shipping weight of one unit"
                  min={1}
                  allowDecimal={false}
                  thousandSeparator=","
                  {...form.getInputProps('weight_grams')}
                />
                <Checkbox
                  label="Big item (heavy or bulky)"
                  mt={{ md: 28 }}
                  {...form.getInputProps('is_big_item', { type: 'checkbox' })}
                />
              </SimpleGrid>
              <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
            </Stack>
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Variations
            </Title>
            <VariationsEditor form={form} />
          </Card>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} size="md">
              SAVE PRODUCT
            </Button>
          </Group>
        </Stack>
      </form>
      {product ? (
        <>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Stock
            </Title>
            <StockPanel product={product} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Photos
            </Title>
            <ImagesPanel product={product} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Videos
            </Title>
            <VideosPanel product={product} />
          </Card>
          <DeleteProduct product={product} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Save the product first; then add photos, videos and stock.
        </Text>
      )}
    </Stack>
  );
}

function DeleteProduct({ product }: { product: SellerProduct }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      const result = await deleteProduct(product.id);
      toast(result.message, result.result === 'deleted' ? 'success' : 'info');
      await client.invalidateQueries({ queryKey: sellerKeys.all });
      setOpen(false);
      if (result.result === 'deleted') navigate('/seller-center/products', { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast(error.message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={600}>
          {product.in_orders
            ? 'This product is in orders: deleting it deactivates it (buyers no longer see it; the orders keep it).'
            : 'Deleting removes the product. If it has stock history it is deactivated instead.'}
        </Text>
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          DELETE PRODUCT
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete product" centered>
        <Stack>
          <Text size="sm">Delete {product.name}?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              CANCEL
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()}>
              DELETE
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
