import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, OrderStatus, ProductInput } from '@tibay/contract';
import { type BodyOf, call, callVia, pathOf, type ResponseOf } from '../../lib/endpoint.ts';
import * as authEndpoints from '../../lib/endpoints/auth.ts';
import * as sellerEndpoints from '../../lib/endpoints/seller.ts';
import { sellerApi, uploadWithProgress } from './seller-session.ts';

/** The seller center's calls (routes under /api/v1/seller, docs/api.md), made with the seller's own token. */

export const sellerKeys = {
  all: ['seller'] as const,
  me: ['seller', 'me'] as const,
  productLists: ['seller', 'products'] as const,
  products: (q: string, status: string, page: number) => [...sellerKeys.productLists, q, status, page] as const,
  product: (id: number) => ['seller', 'product', id] as const,
  orderLists: ['seller', 'orders'] as const,
  orders: (status: string, q: string, page: number) => [...sellerKeys.orderLists, status, q, page] as const,
  order: (reference: string) => ['seller', 'order', reference] as const,
  shopProfile: ['seller', 'shop-profile'] as const,
};

/** The seller center's login: the buyer site's login call, without the buyer's stored token. */
export function sellerLogin(body: LoginRequest) {
  return call(authEndpoints.login, { body, token: null });
}

export function useSellerMe(enabled = true) {
  return useQuery({
    queryKey: sellerKeys.me,
    queryFn: () => callVia(sellerApi, sellerEndpoints.me),
    enabled,
    retry: false,
  });
}

export type ProductStatusFilter = 'all' | 'active' | 'inactive';

export function useSellerProducts(q: string, status: ProductStatusFilter, page: number) {
  return useQuery({
    queryKey: sellerKeys.products(q, status, page),
    queryFn: () => callVia(sellerApi, sellerEndpoints.products, { query: { q, status, page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });
}

export function useSellerProduct(id: number | null) {
  return useQuery({
    queryKey: sellerKeys.product(id ?? 0),
    queryFn: () => callVia(sellerApi, sellerEndpoints.product, { params: { id: id! } }),
    enabled: id !== null,
    retry: false,
  });
}

export function saveProduct(id: number | null, body: ProductInput) {
  return id === null
    ? callVia(sellerApi, sellerEndpoints.createProduct, { body })
    : callVia(sellerApi, sellerEndpoints.updateProduct, { params: { id }, body });
}

export function deleteProduct(id: number) {
  return callVia(sellerApi, sellerEndpoints.deleteProduct, { params: { id } });
}

export function adjustStock(nodeId: number, quantity: number, reason: string) {
  return callVia(sellerApi, sellerEndpoints.adjustStock, { params: { id: nodeId }, body: { quantity, reason } });
}

/** Uploads an image file of a product (multipart 'file'), reporting progress (0-100). */
export function uploadProductImage(productId: number, file: File, onProgress: (percent: number) => void) {
  const path = pathOf(sellerEndpoints.uploadImage, { params: { id: productId } });
  return uploadWithProgress<ResponseOf<typeof sellerEndpoints.uploadImage>>(path, file, onProgress);
}

/** Uploads a video file of a product (multipart 'file'), reporting progress (0-100). */
export function uploadProductVideo(productId: number, file: File, onProgress: (percent: number) => void) {
  const path = pathOf(sellerEndpoints.uploadVideo, { params: { id: productId } });
  return uploadWithProgress<ResponseOf<typeof sellerEndpoints.uploadVideo>>(path, file, onProgress);
}

export function arrangeImages(productId: number, body: BodyOf<typeof sellerEndpoints.arrangeImages>) {
  return callVia(sellerApi, sellerEndpoints.arrangeImages, { params: { id: productId }, body });
}

export function removeImage(productId: number, imageId: number) {
  return callVia(sellerApi, sellerEndpoints.removeImage, { params: { id: productId, imageId } });
}

export function addVideoUrl(productId: number, url: string) {
  return callVia(sellerApi, sellerEndpoints.addVideoUrl, { params: { id: productId }, body: { url } });
}

export function removeVideo(productId: number, videoId: number) {
  return callVia(sellerApi, sellerEndpoints.removeVideo, { params: { id: productId, videoId } });
}

export type OrderStatusFilter = 'ALL' | OrderStatus;

export function useSellerOrders(status: OrderStatusFilter, q: string, page: number) {
  return useQuery({
    queryKey: sellerKeys.orders(status, q, page),
    queryFn: () => callVia(sellerApi, sellerEndpoints.orders, { query: { status, q, page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });
}

export function useSellerOrder(reference: string) {
  return useQuery({
    queryKey: sellerKeys.order(reference),
    queryFn: () => callVia(sellerApi, sellerEndpoints.order, { params: { reference } }),
    retry: false,
  });
}

export function useMoveOrder(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<typeof sellerEndpoints.moveOrder>) =>
      callVia(sellerApi, sellerEndpoints.moveOrder, { params: { reference }, body: input }),
    onSuccess: (order) => {
      client.setQueryData(sellerKeys.order(reference), order);
      void client.invalidateQueries({ queryKey: sellerKeys.orderLists });
    },
  });
}

/** The shop profile, with what a new seller still has to do (profile, banner, first product). */
export function useShopProfile() {
  return useQuery({
    queryKey: sellerKeys.shopProfile,
    queryFn: () => callVia(sellerApi, sellerEndpoints.shopProfile),
    // A product added or a banner uploaded elsewhere shows at once when the card is seen again.
    refetchOnMount: 'always',
  });
}

export function useSaveShopProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof sellerEndpoints.saveShopProfile>) =>
      callVia(sellerApi, sellerEndpoints.saveShopProfile, { body }),
    onSuccess: (profile) => client.setQueryData(sellerKeys.shopProfile, profile),
  });
}

/** Uploads the shop banner (multipart 'file'), reporting progress (0-100). */
export function uploadShopBanner(file: File, onProgress: (percent: number) => void) {
  return uploadWithProgress<ResponseOf<typeof sellerEndpoints.uploadBanner>>(
    pathOf(sellerEndpoints.uploadBanner),
    file,
    onProgress,
  );
}
