import { useParams } from 'react-router';
import { ShopBySellerView } from './shop-by-seller-view.tsx';
import { useMicrositeLookup } from './use-microsite-lookup.ts';

/**
 * /shopbyseller?page=1 and /shopbyseller/{shopbyseller}: the seller view. A second segment naming a microsite
 * makes that microsite active (its brand link appears in the Shop menu); one that is not found is forgotten, and
 * a failed lookup shows the server's message.
 */
export default function ShopBySellerPage() {
  const { shopbyseller } = useParams();
  const handle = shopbyseller?.trim() ?? '';
  useMicrositeLookup(handle, handle.toLowerCase() !== 'shopbyseller');
  return <ShopBySellerView />;
}
