import type { UpdateAddressRequest, UpdateAddressResponse } from '@tibay/contract';
import { api } from '../../lib/api.ts';

/** PUT /me/address: the signed-in customer's delivery address (the spec's address update). */
export function saveAddress(body: UpdateAddressRequest) {
  return api<UpdateAddressResponse>('/me/address', { method: 'PUT', body });
}
