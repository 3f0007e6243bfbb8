import type { UpdateAddressRequest } from '@tibay/contract';
import { call } from '../../lib/endpoint.ts';
import * as meEndpoints from '../../lib/endpoints/me.ts';

/** PUT /me/address: the signed-in customer's delivery address (the spec's address update). */
export function saveAddress(body: UpdateAddressRequest) {
  return call(meEndpoints.saveAddress, { body });
}
