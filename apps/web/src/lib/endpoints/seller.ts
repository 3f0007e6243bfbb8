import type {
  deleteProductResponse,
  imageOrderInput,
  moveOrderInput,
  productImage,
  productInput,
  productVideo,
  sellerMe,
  sellerOrderDetail,
  sellerOrderListQuery,
  sellerOrderPage,
  sellerProduct,
  sellerProductListQuery,
  sellerProductPage,
  shopProfileInput,
  shopProfile as shopProfileSchema,
  stockAdjustment,
  stockAdjustmentResponse,
  videoUrlInput,
} from '@tibay/contract';
import { defineEndpoint, multipart, noContent, schema } from '../endpoint.ts';

/** The seller center's routes (under /seller, with the seller's token). */
export const me = defineEndpoint({ method: 'GET', path: '/seller/me', response: schema<typeof sellerMe>() });
export const products = defineEndpoint({
  method: 'GET',
  path: '/seller/products',
  query: schema<typeof sellerProductListQuery>(),
  response: schema<typeof sellerProductPage>(),
});
export const product = defineEndpoint({
  method: 'GET',
  path: '/seller/products/:id',
  response: schema<typeof sellerProduct>(),
});
export const createProduct = defineEndpoint({
  method: 'POST',
  path: '/seller/products',
  body: schema<typeof productInput>(),
  response: schema<typeof sellerProduct>(),
});
export const updateProduct = defineEndpoint({
  method: 'PUT',
  path: '/seller/products/:id',
  body: schema<typeof productInput>(),
  response: schema<typeof sellerProduct>(),
});
export const deleteProduct = defineEndpoint({
  method: 'DELETE',
  path: '/seller/products/:id',
  response: schema<typeof deleteProductResponse>(),
});
export const adjustStock = defineEndpoint({
  method: 'POST',
  path: '/seller/products/:id/stock-adjustments',
  body: schema<typeof stockAdjustment>(),
  response: schema<typeof stockAdjustmentResponse>(),
});
/** Multipart 'file', sent with upload progress (uploadWithProgress). */
export const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/seller/products/:id/images',
  body: multipart,
  response: schema<typeof productImage>(),
});
export const arrangeImages = defineEndpoint({
  method: 'PATCH',
  path: '/seller/products/:id/images',
  body: schema<typeof imageOrderInput>(),
  response: noContent,
});
export const removeImage = defineEndpoint({
  method: 'DELETE',
  path: '/seller/products/:id/images/:imageId',
  response: noContent,
});
/** A video file (multipart 'file', with upload progress) or, as JSON, a video URL. */
export const uploadVideo = defineEndpoint({
  method: 'POST',
  path: '/seller/products/:id/videos',
  body: multipart,
  response: schema<typeof productVideo>(),
});
export const addVideoUrl = defineEndpoint({
  method: 'POST',
  path: '/seller/products/:id/videos',
  body: schema<typeof videoUrlInput>(),
  response: schema<typeof productVideo>(),
});
export const removeVideo = defineEndpoint({
  method: 'DELETE',
  path: '/seller/products/:id/videos/:videoId',
  response: noContent,
});
export const orders = defineEndpoint({
  method: 'GET',
  path: '/seller/orders',
  query: schema<typeof sellerOrderListQuery>(),
  response: schema<typeof sellerOrderPage>(),
});
export const order = defineEndpoint({
  method: 'GET',
  path: '/seller/orders/:reference',
  response: schema<typeof sellerOrderDetail>(),
});
export const moveOrder = defineEndpoint({
  method: 'POST',
  path: '/seller/orders/:reference/status',
  body: schema<typeof moveOrderInput>(),
  response: schema<typeof sellerOrderDetail>(),
});

/** The shop profile and a new seller's first-day steps. */
export const shopProfile = defineEndpoint({
  method: 'GET',
  path: '/seller/shop-profile',
  response: schema<typeof shopProfileSchema>(),
});
export const saveShopProfile = defineEndpoint({
  method: 'PUT',
  path: '/seller/shop-profile',
  body: schema<typeof shopProfileInput>(),
  response: schema<typeof shopProfileSchema>(),
});
export const uploadBanner = defineEndpoint({
  method: 'POST',
  path: '/seller/shop-profile/banner',
  body: multipart,
  response: schema<typeof shopProfileSchema>(),
});
