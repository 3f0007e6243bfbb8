import type { blogsResponse, partnersResponse } from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

export const partners = defineEndpoint({
  method: 'GET',
  path: '/content/partners',
  response: schema<typeof partnersResponse>(),
});
export const blogs = defineEndpoint({
  method: 'GET',
  path: '/content/blogs',
  response: schema<typeof blogsResponse>(),
});
