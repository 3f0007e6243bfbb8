import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { fetchMicrosite } from './api/sellers.ts';
import { rememberMicrosite } from './microsite-storage.ts';
import { ShopBySellerView } from './shop-by-seller-view.tsx';

/**
 * /shopbyseller?page=1 and /shopbyseller/{shopbyseller}: the seller view. A second segment naming a microsite
 * makes that microsite active (its brand link appears in the Shop menu).
 */
export default function ShopBySellerPage() {
  const { shopbyseller } = useParams();
  const handle = shopbyseller?.trim() ?? '';
  const microsite = useQuery({
    queryKey: ['microsite', handle.toLowerCase()],
    queryFn: ({ signal }) => fetchMicrosite(handle, signal),
    enabled: handle.length > 0 && handle.toLowerCase() !== 'shopbyseller',
    retry: false,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (microsite.data) rememberMicrosite(microsite.data);
  }, [microsite.data]);
  return <ShopBySellerView />;
}
