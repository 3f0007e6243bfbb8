import { Center, Loader } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { ShopBySellerView, useMicrositeLookup } from '../features/sellers/index.ts';
import { SellerShopView } from '../features/shop/index.ts';

/**
 * A single path segment (spec 1 §2): a microsite name shows that seller's branded shop and makes the microsite
 * active; /{shopbyseller} shows the seller view; anything else goes home (a stored handle that is not found
 * any more is cleared). A failed lookup (not a plain "not found") shows the server's message over the seller view.
 */
export default function MicrositeRoute() {
  const { micrositeName = '' } = useParams();
  const handle = micrositeName.trim();
  const isSellerView = handle.toLowerCase() === 'shopbyseller';
  const lookup = useMicrositeLookup(handle, !isSellerView);

  if (isSellerView) return <ShopBySellerView />;
  if (!handle || lookup.notFound) return <Navigate to="/" replace />;
  if (lookup.failed) return <ShopBySellerView />;
  if (!lookup.data) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <SellerShopView handle={lookup.data.url_handle} brand={lookup.data.brand} />;
}
