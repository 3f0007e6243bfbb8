import {
  deleteProductResponse,
  imageOrderInput,
  sellerCenterMessages as m,
  messages,
  moveOrderInput,
  productImage,
  productImageMaxBytes,
  productInput,
  productVideo,
  productVideoMaxBytes,
  sellerMe,
  sellerOrderDetail,
  sellerOrderListQuery,
  sellerOrderPage,
  sellerProduct,
  sellerProductListQuery,
  sellerProductPage,
  stockAdjustment,
  stockAdjustmentResponse,
  videoUrlInput,
} from '@tibay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { readMultipart } from '../../http/multipart.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import { moveOrder } from '../orders/index.ts';
import * as media from './media.service.ts';
import * as ordersService from './orders.service.ts';
import * as productsService from './products.service.ts';
import { sellerMe as describeSeller, sellerOf } from './seller.service.ts';
import { adjustStock } from './stock.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const imageParams = idParams.extend({ imageId: z.coerce.number().int().positive().max(2_147_483_647) });
const videoParams = idParams.extend({ videoId: z.coerce.number().int().positive().max(2_147_483_647) });
const referenceParams = z.object({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^ORD\d{14}$/)),
});

/** Reads the single file of a multipart upload ('file'), within `maxBytes`. */
async function readUpload(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const form = await readMultipart(request, {
    fields: [],
    files: ['file'],
    notMultipart: new HttpError('VALIDATION', 'Please send the file as a form upload.'),
    tooLarge,
    maxFileBytes: maxBytes,
  });
  if (!form.files.file) throw new HttpError('VALIDATION', 'Please choose a file.');
  return form.files.file;
}

export async function sellerCenterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);
  const tags = ['seller center'];
  const sellers = app.requireAuth(['seller']);
  /** The signed-in seller and the shop it owns (403 when the account has no shop). */
  const seller = (request: FastifyRequest) => sellerOf(deps, request.user);

  app.get('/seller/me', { schema: { tags, response: { 200: sellerMe } }, preHandler: sellers }, async (request) =>
    describeSeller(deps, await seller(request)),
  );

  // Catalogue.
  app.get(
    '/seller/products',
    {
      schema: { tags, querystring: sellerProductListQuery, response: { 200: sellerProductPage } },
      preHandler: sellers,
    },
    async (request) => productsService.listProducts(deps, (await seller(request)).sellerId, request.query),
  );

  app.get(
    '/seller/products/:id',
    { schema: { tags, params: idParams, response: { 200: sellerProduct } }, preHandler: sellers },
    async (request) => productsService.getProduct(deps, (await seller(request)).sellerId, request.params.id),
  );

  // Auth runs before the body is validated, so a buyer learns nothing about the shape (403 first).
  app.post(
    '/seller/products',
    { schema: { tags, response: { 201: sellerProduct } }, preHandler: sellers },
    async (request, reply) => {
      const { sellerId } = await seller(request);
      const input = parseOrRefuse(productInput, request.body);
      const id = await productsService.createProduct(deps, sellerId, input);
      return reply.status(201).send(await productsService.getProduct(deps, sellerId, id));
    },
  );

  app.put(
    '/seller/products/:id',
    { schema: { tags, params: idParams, response: { 200: sellerProduct } }, preHandler: sellers },
    async (request) => {
      const { sellerId } = await seller(request);
      const input = parseOrRefuse(productInput, request.body);
      await productsService.updateProduct(deps, sellerId, request.params.id, input);
      return productsService.getProduct(deps, sellerId, request.params.id);
    },
  );

  app.delete(
    '/seller/products/:id',
    { schema: { tags, params: idParams, response: { 200: deleteProductResponse } }, preHandler: sellers },
    async (request) => {
      const { sellerId } = await seller(request);
      const { result, files } = await productsService.deleteProduct(deps, sellerId, request.params.id);
      await media.deleteStoredFiles(deps.storage, files);
      return { result, message: result === 'deleted' ? m.productDeleted : m.productDeactivated };
    },
  );

  // Stock: a signed adjustment of a leaf (product without variations, variation or sub-variation).
  app.post(
    '/seller/products/:id/stock-adjustments',
    { schema: { tags, params: idParams, response: { 200: stockAdjustmentResponse } }, preHandler: sellers },
    async (request) => {
      const context = await seller(request);
      const input = parseOrRefuse(stockAdjustment, request.body);
      return adjustStock(deps, context, request.params.id, input);
    },
  );

  // Photos and videos.
  app.post(
    '/seller/products/:id/images',
    {
      schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 201: productImage } },
      preHandler: sellers,
    },
    async (request, reply) => {
      const { sellerId } = await seller(request);
      const bytes = await readUpload(request, productImageMaxBytes + 1, messages.imageTooLarge);
      return reply.status(201).send(await media.addImage(deps, sellerId, request.params.id, bytes));
    },
  );

  app.patch(
    '/seller/products/:id/images',
    { schema: { tags, params: idParams, response: { 204: z.null() } }, preHandler: sellers },
    async (request, reply) => {
      const { sellerId } = await seller(request);
      await media.arrangeImages(deps, sellerId, request.params.id, parseOrRefuse(imageOrderInput, request.body));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/seller/products/:id/images/:imageId',
    { schema: { tags, params: imageParams, response: { 204: z.null() } }, preHandler: sellers },
    async (request, reply) => {
      const { sellerId } = await seller(request);
      await media.removeImage(deps, sellerId, request.params.id, request.params.imageId);
      return reply.status(204).send(null);
    },
  );

  /** A video link (JSON { url }) or an uploaded MP4/WebM file (multipart 'file'). */
  app.post(
    '/seller/products/:id/videos',
    { schema: { tags, params: idParams, response: { 201: productVideo } }, preHandler: sellers },
    async (request, reply) => {
      const { sellerId } = await seller(request);
      if (request.isMultipart()) {
        const bytes = await readUpload(request, productVideoMaxBytes + 1, m.videoTooLarge);
        return reply.status(201).send(await media.addVideoFile(deps, sellerId, request.params.id, bytes));
      }
      const { url } = parseOrRefuse(videoUrlInput, request.body);
      return reply.status(201).send(await media.addVideoUrl(deps, sellerId, request.params.id, url));
    },
  );

  app.delete(
    '/seller/products/:id/videos/:videoId',
    { schema: { tags, params: videoParams, response: { 204: z.null() } }, preHandler: sellers },
    async (request, reply) => {
      const { sellerId } = await seller(request);
      await media.removeVideo(deps, sellerId, request.params.id, request.params.videoId);
      return reply.status(204).send(null);
    },
  );

  // Orders of the shop.
  app.get(
    '/seller/orders',
    { schema: { tags, querystring: sellerOrderListQuery, response: { 200: sellerOrderPage } }, preHandler: sellers },
    async (request) => ordersService.listOrders(deps, (await seller(request)).sellerId, request.query),
  );

  app.get(
    '/seller/orders/:reference',
    {
      schema: { tags, params: z.object({ reference: z.string().max(40) }), response: { 200: sellerOrderDetail } },
      preHandler: sellers,
    },
    async (request) => {
      const { sellerId } = await seller(request);
      const reference = referenceOrNotFound(request.params.reference);
      return ordersService.getOrder(deps, sellerId, reference);
    },
  );

  /**
   * The buyer's purchase order for one of the shop's orders (another shop's order, or none attached: 404). The
   * buyer's proof of payment is not the seller's: administrators verify payments.
   */
  app.get(
    '/seller/orders/:reference/purchase-order',
    { schema: { tags, params: z.object({ reference: z.string().max(40) }) }, preHandler: sellers },
    async (request, reply) => {
      const { sellerId } = await seller(request);
      const reference = referenceOrNotFound(request.params.reference);
      return sendPrivateFile(app, reply, await ordersService.purchaseOrderUrl(deps, sellerId, reference));
    },
  );

  /** One step forward (or Denied with a reason), through the order life cycle: it checks the step and the shop. */
  app.post(
    '/seller/orders/:reference/status',
    {
      schema: { tags, params: z.object({ reference: z.string().max(40) }), response: { 200: sellerOrderDetail } },
      preHandler: sellers,
    },
    async (request) => {
      const { userId, sellerId } = await seller(request);
      const reference = referenceOrNotFound(request.params.reference);
      const input = parseOrRefuse(moveOrderInput, request.body);
      await moveOrder(app, {
        reference,
        to: input.to,
        actor: { role: 'seller', userId, sellerId },
        ...(input.reason ? { reason: input.reason } : {}),
      });
      return ordersService.getOrder(deps, sellerId, reference);
    },
  );
}

function referenceOrNotFound(raw: string): string {
  const parsed = referenceParams.safeParse({ reference: raw });
  if (!parsed.success) throw new HttpError('NOT_FOUND', messages.orderNotFound);
  return parsed.data.reference;
}
