import { Navigate, useParams } from 'react-router';
import { SellerShopView } from './seller-shop-view.tsx';

/** /shop/{url_handle or id}?page=1 */
export default function SellerShopPage() {
  const { handle = '' } = useParams();
  if (!handle.trim()) return <Navigate to="/shopbyseller?page=1" replace />;
  return <SellerShopView key={handle.toLowerCase()} handle={handle} />;
}
