import type {
  addToCartRequest,
  addToCartResponse,
  cartCountResponse,
  cartInstructionsRequest,
  cartInstructionsResponse,
  cartResponse,
  changeCartQuantityRequest,
  changeCartQuantityResponse,
  markCartItemsRequest,
  removeCartItemsRequest,
  removeCartItemsResponse,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

/** The buyer's cart, checkout and orders. */
export const get = defineEndpoint({ method: 'GET', path: '/cart', response: schema<typeof cartResponse>() });
export const count = defineEndpoint({
  method: 'GET',
  path: '/cart/count',
  response: schema<typeof cartCountResponse>(),
});
/** "add to cart v3"; the Idempotency-Key header makes a repeated add count once. */
export const add = defineEndpoint({
  method: 'POST',
  path: '/cart/items',
  body: schema<typeof addToCartRequest>(),
  response: schema<typeof addToCartResponse>(),
});
export const mark = defineEndpoint({
  method: 'POST',
  path: '/cart/marks',
  body: schema<typeof markCartItemsRequest>(),
  response: schema<typeof cartResponse>(),
});
export const saveInstructions = defineEndpoint({
  method: 'PUT',
  path: '/cart/instructions',
  body: schema<typeof cartInstructionsRequest>(),
  response: schema<typeof cartInstructionsResponse>(),
});
export const changeQuantity = defineEndpoint({
  method: 'PATCH',
  path: '/cart/items/:id',
  body: schema<typeof changeCartQuantityRequest>(),
  response: schema<typeof changeCartQuantityResponse>(),
});
export const remove = defineEndpoint({
  method: 'POST',
  path: '/cart/items/remove',
  body: schema<typeof removeCartItemsRequest>(),
  response: schema<typeof removeCartItemsResponse>(),
});
