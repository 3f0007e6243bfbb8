import type { appConfig, outboxResponse } from '@tibay/contract';
import { defineEndpoint, schema } from '../endpoint.ts';

export const config = defineEndpoint({ method: 'GET', path: '/config', response: schema<typeof appConfig>() });
export const devOutbox = defineEndpoint({
  method: 'GET',
  path: '/dev/outbox',
  response: schema<typeof outboxResponse>(),
});
