import { describe, expect, it } from 'vitest';
import {
  addToCartRequest,
  cartQuantityProblem,
  changeCartQuantityRequest,
  onlyItemsMessage,
  orderableQuantity,
  removeCartItemsRequest,
} from './cart.ts';
import { messages } from './messages.ts';

describe('onlyItemsMessage', () => {
  it('names the level of the chosen leaf, as the spec words it', () => {
    expect(onlyItemsMessage(300, 0)).toBe('Only 300 items can be ordered.');
    expect(onlyItemsMessage(12, 1)).toBe('Only 12 items can be ordered for this variation.');
    expect(onlyItemsMessage(5, 2)).toBe('Only 5 items can be ordered for this sub variation.');
    expect(onlyItemsMessage(-3, 0)).toBe('Only 0 items can be ordered.');
  });
});

describe('orderableQuantity', () => {
  it('is the lower of stock, limit and 1200, less what the cart holds', () => {
    expect(orderableQuantity({ stocks: 500, quantity_limit: 300 })).toBe(300);
    expect(orderableQuantity({ stocks: 80, quantity_limit: 1200 })).toBe(80);
    expect(orderableQuantity({ stocks: 50_000, quantity_limit: 5000 })).toBe(1200);
    expect(orderableQuantity({ stocks: 500, quantity_limit: 300 }, 250)).toBe(50);
    expect(orderableQuantity({ stocks: 10, quantity_limit: 300 }, 25)).toBe(0);
  });
});

describe('addToCartRequest', () => {
  it('treats a missing, null or 0 selection as none', () => {
    expect(addToCartRequest.parse({ product_id: 1, quantity: 100 })).toEqual({
      product_id: 1,
      quantity: 100,
      variation_id: null,
      sub_variation_id: null,
    });
    expect(
      addToCartRequest.parse({ product_id: 1, variation_id: 0, sub_variation_id: null, quantity: 1 }),
    ).toMatchObject({ variation_id: null, sub_variation_id: null });
  });

  it('refuses 0 with the spec message and other bad quantities as not whole positive numbers', () => {
    const zero = addToCartRequest.safeParse({ product_id: 1, quantity: 0 });
    expect(zero.error?.issues.map((issue) => issue.message)).toEqual([messages.zeroQuantity]);
    for (const quantity of [-1, 2.5, '3', null]) {
      const result = addToCartRequest.safeParse({ product_id: 1, quantity });
      expect(result.error?.issues[0]?.message).toBe(messages.quantityWholeNumber);
    }
    expect(addToCartRequest.safeParse({ product_id: 1, quantity: 1, price: 5 }).success).toBe(false);
  });
});

describe('cartQuantityProblem', () => {
  const line = { max_quantity: 300, depth: 0 };
  it('allows 1 to the line maximum', () => {
    expect(cartQuantityProblem(1, line)).toBeNull();
    expect(cartQuantityProblem(300, line)).toBeNull();
  });
  it('says "Quantity cannot be lesser than 1" below 1 or for a fraction', () => {
    expect(cartQuantityProblem(0, line)).toBe('Quantity cannot be lesser than 1');
    expect(cartQuantityProblem(-4, line)).toBe('Quantity cannot be lesser than 1');
    expect(cartQuantityProblem(1.5, line)).toBe('Quantity cannot be lesser than 1');
  });
  it('names the limit and the level above the maximum', () => {
    expect(cartQuantityProblem(301, line)).toBe('Only 300 items can be ordered.');
    expect(cartQuantityProblem(2, { max_quantity: 1, depth: 2 })).toBe(
      'Only 1 items can be ordered for this sub variation.',
    );
  });
});

describe('changeCartQuantityRequest and removeCartItemsRequest', () => {
  it('refuses below 1, fractions and unknown fields; needs a selection to remove', () => {
    expect(changeCartQuantityRequest.safeParse({ quantity: 0 }).error?.issues[0]?.message).toBe(
      'Quantity cannot be lesser than 1',
    );
    expect(changeCartQuantityRequest.safeParse({ quantity: 2.5 }).success).toBe(false);
    expect(changeCartQuantityRequest.safeParse({ quantity: 2, price: 1 }).success).toBe(false);
    expect(removeCartItemsRequest.safeParse({ cart_ids: [] }).error?.issues[0]?.message).toBe(
      'No items selected for removal',
    );
    expect(removeCartItemsRequest.parse({ cart_ids: [3, 4] })).toEqual({ cart_ids: [3, 4] });
  });
});
