import {
  autocompleteQuery,
  autocompleteResponse,
  errorBody,
  reverseGeocodeQuery,
  reverseGeocodeResponse,
} from '@tibay/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as geocoding from './geocoding.service.ts';

/** Answers change only with the data set (sandbox) or rarely (a real service): browsers may keep them an hour. */
const cacheControl = 'public, max-age=3600';

export async function geocodingRoutes(fastify: FastifyInstance, { deps }: { deps: geocoding.GeocodingDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['geocoding'];

  app.get(
    '/geocoding/autocomplete',
    {
      schema: {
        tags,
        summary: 'Places in the Philippines matching what was typed (at most 8; under 2 characters, none)',
        querystring: autocompleteQuery,
        response: { 200: autocompleteResponse, 400: errorBody, 502: errorBody },
      },
      config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const items = await geocoding.autocomplete(deps, request.query.q);
      reply.header('cache-control', cacheControl);
      return { items };
    },
  );

  app.get(
    '/geocoding/reverse',
    {
      schema: {
        tags,
        summary: 'The address at a point (barangay when known, city or municipality, province, region)',
        querystring: reverseGeocodeQuery,
        response: { 200: reverseGeocodeResponse, 400: errorBody, 404: errorBody, 502: errorBody },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { lat, lng } = request.query;
      const place = await geocoding.reverse(deps, lat, lng);
      reply.header('cache-control', cacheControl);
      return {
        address: place.label,
        barangay: place.barangay,
        city: place.city,
        province: place.province,
        region: place.region,
        latitude: lat,
        longitude: lng,
      };
    },
  );
}
