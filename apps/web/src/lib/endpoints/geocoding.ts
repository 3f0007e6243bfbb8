import type {
  autocompleteQuery,
  autocompleteResponse,
  reverseGeocodeQuery,
  reverseGeocodeResponse,
} from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

export const autocomplete = defineEndpoint({
  method: 'GET',
  path: '/geocoding/autocomplete',
  query: schema<typeof autocompleteQuery>(),
  response: schema<typeof autocompleteResponse>(),
});
export const reverse = defineEndpoint({
  method: 'GET',
  path: '/geocoding/reverse',
  query: schema<typeof reverseGeocodeQuery>(),
  response: schema<typeof reverseGeocodeResponse>(),
});
