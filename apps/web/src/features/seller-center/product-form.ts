import { type ProductInput, type SellerProduct, type SellingUnit, sellingUnits } from '@tibay/contract';

/** The editor's values: prices in pesos as typed; each node has a local key for React lists. */
export interface NodeValues {
  key: string;
  id?: number;
  name: string;
  price: number | string;
  discounted_price: number | string;
  quantity_limit: number | string;
  is_active: boolean;
}
export interface VariationValues extends NodeValues {
  sub_variations: NodeValues[];
}
export interface ProductValues extends NodeValues {
  category_id: string | null;
  brand: string;
  description: string;
  is_big_item: boolean;
  weight_grams: number | string;
  /** What one unit of the price is (sellingUnits). */
  selling_unit: SellingUnit;
  variations: VariationValues[];
}

let counter = 0;
export const newKey = () => {
  counter += 1;
  return `n${counter}`;
};

export function emptyNode(): NodeValues {
  return { key: newKey(), name: '', price: '', discounted_price: '', quantity_limit: 1200, is_active: true };
}

export function emptyProduct(): ProductValues {
  return {
    ...emptyNode(),
    category_id: null,
    brand: '',
    description: '',
    is_big_item: false,
    weight_grams: 1000,
    selling_unit: 'piece',
    variations: [],
  };
}

const pesos = (centavos: number) => (centavos === 0 ? '' : centavos / 100);
const centavos = (value: number | string) => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value).replace(/,/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};
const int = (value: number | string, fallback: number) => {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isFinite(n) ? n : fallback;
};

function nodeFrom(node: SellerProduct | SellerProduct['variations'][number]['sub_variations'][number]): NodeValues {
  return {
    key: newKey(),
    id: node.id,
    name: node.name,
    price: node.price / 100,
    discounted_price: pesos(node.discounted_price),
    quantity_limit: node.quantity_limit,
    is_active: node.is_active,
  };
}

export function valuesFrom(product: SellerProduct): ProductValues {
  return {
    ...nodeFrom(product),
    category_id: String(product.category_id),
    brand: product.brand ?? '',
    description: product.description ?? '',
    is_big_item: product.is_big_item,
    weight_grams: product.weight_grams,
    selling_unit: sellingUnits.find((unit) => unit === product.selling_unit) ?? 'piece',
    variations: product.variations.map((variation) => ({
      ...nodeFrom(variation),
      sub_variations: variation.sub_variations.map(nodeFrom),
    })),
  };
}

function nodeInput(node: NodeValues) {
  return {
    ...(node.id ? { id: node.id } : {}),
    name: node.name.trim(),
    price: centavos(node.price),
    discounted_price: centavos(node.discounted_price),
    quantity_limit: int(node.quantity_limit, 1200),
    is_active: node.is_active,
  };
}

/** What the API takes (prices in centavos). The server checks everything again. */
export function inputFrom(values: ProductValues): ProductInput {
  return {
    ...nodeInput(values),
    category_id: Number(values.category_id),
    brand: values.brand.trim() || null,
    description: values.description.trim() || null,
    is_big_item: values.is_big_item,
    weight_grams: int(values.weight_grams, 1000),
    selling_unit: values.selling_unit,
    variations: values.variations.map((variation) => ({
      ...nodeInput(variation),
      sub_variations: variation.sub_variations.map(nodeInput),
    })),
  };
}
