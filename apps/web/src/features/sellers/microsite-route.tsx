import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { SellerShopView } from '../shop/seller-shop-view.tsx';
import { fetchMicrosite } from './api/sellers.ts';
import { rememberMicrosite } from './microsite-storage.ts';
import { ShopBySellerView } from './shop-by-seller-view.tsx';

/**
 * A single path segment (spec 1 §2): a microsite name shows that seller's branded shop and makes the microsite
 * active; /{shopbyseller} shows the seller view; anything else goes home. A failed lookup (not a plain "not
 * found") shows the server's message.
 */
export default function MicrositeRoute() {
  const { micrositeName = '' } = useParams();
  const handle = micrositeName.trim();
  const isSellerView = handle.toLowerCase() === 'shopbyseller';
  const lookup = useQuery({
    queryKey: ['microsite', handle.toLowerCase()],
    queryFn: ({ signal }) => fetchMicrosite(handle, signal),
    enabled: handle.length > 0 && !isSellerView,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const notFound = lookup.error instanceof ApiError && (lookup.error.status === 404 || lookup.error.status === 400);
  const failed = lookup.isError && !notFound;

  useEffect(() => {
    if (lookup.data) rememberMicrosite(lookup.data);
  }, [lookup.data]);
  useEffect(() => {
    if (failed) toast(lookup.error.message, 'error');
  }, [failed, lookup.error]);

  if (isSellerView) return <ShopBySellerView />;
  if (!handle || notFound) return <Navigate to="/" replace />;
  if (failed) return <ShopBySellerView />;
  if (!lookup.data) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <SellerShopView handle={lookup.data.url_handle} brand={lookup.data.brand} />;
}
