import { shopBannerMaxBytes, shopProfile, shopProfileInput } from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { readMultipart } from '../../http/multipart.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { sellerOf } from './seller.service.ts';
import * as service from './shop-profile.service.ts';

/** The seller's own shop profile (description, phone, banner) and a new seller's first-day steps. */
export async function shopProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['seller center'];
  const preHandler = app.requireAuth(['seller']);
  const seller = (request: FastifyRequest) => sellerOf(deps, request.user);

  app.get('/seller/shop-profile', { schema: { tags, response: { 200: shopProfile } }, preHandler }, async (request) =>
    service.shopProfile(deps, (await seller(request)).sellerId),
  );

  app.put('/seller/shop-profile', { schema: { tags, response: { 200: shopProfile } }, preHandler }, async (request) => {
    const { sellerId } = await seller(request);
    return service.saveShopProfile(deps, sellerId, parseOrRefuse(shopProfileInput, request.body));
  });

  app.post(
    '/seller/shop-profile/banner',
    { schema: { tags, response: { 200: shopProfile } }, preHandler },
    async (request) => {
      const { sellerId } = await seller(request);
      const form = await readMultipart(request, {
        fields: [],
        files: ['file'],
        notMultipart: new HttpError('VALIDATION', 'Please send the file as a form upload.'),
        tooLarge: 'The banner must be 3 MB or smaller.',
        maxFileBytes: shopBannerMaxBytes,
      });
      if (!form.files.file?.length) throw new HttpError('VALIDATION', 'Please choose a file.');
      return service.uploadBanner(deps, sellerId, form.files.file);
    },
  );
}
