import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CartPopupHost } from '../features/cart/index.ts';
import { PageFrame } from './frame/page-frame.tsx';
import { RouteError } from './frame/route-error.tsx';

/** A lazily loaded page: each route's code is fetched when it is first visited. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  // The seller center: the sellers' own site with its own login and frame (spec 1 §1), outside the buyer's frame.
  { path: '/seller-center/login', ...page(() => import('../features/seller-center/seller-login-page.tsx')) },
  // The approval mail's one-time link (seller registration, decision 0040).
  {
    path: '/seller-center/set-password',
    ...page(() => import('../features/seller-registration/set-password-page.tsx')),
  },
  {
    path: '/seller-center',
    ...page(() => import('../features/seller-center/seller-layout.tsx')),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/seller-center/products" replace /> },
      { path: 'products', ...page(() => import('../features/seller-center/products-page.tsx')) },
      { path: 'products/new', ...page(() => import('../features/seller-center/product-editor-page.tsx')) },
      { path: 'products/:id', ...page(() => import('../features/seller-center/product-editor-page.tsx')) },
      { path: 'orders', ...page(() => import('../features/seller-center/orders-page.tsx')) },
      { path: 'orders/:reference', ...page(() => import('../features/seller-center/order-detail-page.tsx')) },
      { path: 'messages', ...page(() => import('../features/seller-center/messages-page.tsx')) },
      { path: 'shop', ...page(() => import('../features/seller-center/shop-profile-page.tsx')) },
      { path: '*', element: <Navigate to="/seller-center/products" replace /> },
    ],
  },
  // The spec's admin paths (spec 3 §2.1): inside the admin-v2 frame for an administrator, else 'Not Authorized!' and /.
  {
    ...page(() => import('../features/back-office/spec-path-guard.tsx')),
    errorElement: <RouteError />,
    children: [
      {
        ...page(() => import('../features/admin/admin-layout.tsx')),
        children: [
          { path: '/purchase-orders', ...page(() => import('../features/back-office/purchase-orders-page.tsx')) },
          { path: '/purchase-order-approvals', ...page(() => import('../features/back-office/approvals-page.tsx')) },
          { path: '/purchase-receives', ...page(() => import('../features/back-office/purchase-receives-page.tsx')) },
          { path: '/inventory-report', ...page(() => import('../features/back-office/inventory-report-page.tsx')) },
          { path: '/inventory-transfer', ...page(() => import('../features/inventory-transfers/transfer-page.tsx')) },
          { path: '/inventory-approval', ...page(() => import('../features/inventory-transfers/approval-page.tsx')) },
          { path: '/bad-stock-transfer', ...page(() => import('../features/inventory-transfers/bad-stock-page.tsx')) },
          { path: '/sales-import-orders', ...page(() => import('../features/sales-import/sales-import-page.tsx')) },
        ],
      },
    ],
  },
  {
    element: (
      <>
        <PageFrame />
        <CartPopupHost />
      </>
    ),
    errorElement: <RouteError />,
    children: [
      { path: '/', ...page(() => import('../features/home/home-page.tsx')) },
      // Accounts (spec 1: Signup, Login; §4 session)
      { path: '/signup', ...page(() => import('../features/auth/signup-page.tsx')) },
      { path: '/login', ...page(() => import('../features/auth/login-page.tsx')) },
      { path: '/forgot-password', ...page(() => import('../features/auth/forgot-password-page.tsx')) },
      { path: '/reset-password', ...page(() => import('../features/auth/reset-password-page.tsx')) },
      { path: '/verify-email', ...page(() => import('../features/auth/verify-email-page.tsx')) },
      { path: '/dev/mail', ...page(() => import('../features/dev-mail/dev-mail-page.tsx')) },
      // Seller registration (spec 3 §2.3)
      { path: '/seller', ...page(() => import('../features/seller-registration/company-information-page.tsx')) },
      {
        path: '/sellerinformation',
        ...page(() => import('../features/seller-registration/company-information-page.tsx')),
      },
      { path: '/sellerrate', ...page(() => import('../features/seller-registration/rates-page.tsx')) },
      { path: '/sellerlocation', ...page(() => import('../features/seller-registration/location-page.tsx')) },
      { path: '/sellerapproval', ...page(() => import('../features/seller-registration/approval-page.tsx')) },
      // Static pages (spec 3 §2.5)
      { path: '/About', ...page(() => import('../features/static-pages/about-page.tsx')) },
      { path: '/Contact', ...page(() => import('../features/static-pages/contact-page.tsx')) },
      { path: '/FAQs', ...page(() => import('../features/static-pages/faqs-page.tsx')) },
      { path: '/Blogs', ...page(() => import('../features/static-pages/blogs-page.tsx')) },
      { path: '/Privacy-Policy', ...page(() => import('../features/static-pages/privacy-policy-page.tsx')) },
      // Discovery (spec 1: Shop by seller, Shop by category, Seller shop, Search, Item page)
      { path: '/shopbyseller', ...page(() => import('../features/sellers/shop-by-seller-page.tsx')) },
      { path: '/shopbyseller/:shopbyseller', ...page(() => import('../features/sellers/shop-by-seller-page.tsx')) },
      { path: '/shop/:handle', ...page(() => import('../features/shop/seller-shop-page.tsx')) },
      { path: '/shopbycategory', ...page(() => import('../features/categories/shop-by-category-page.tsx')) },
      { path: '/category/:categoryId', ...page(() => import('../features/categories/category-products-page.tsx')) },
      { path: '/search', ...page(() => import('../features/search/search-page.tsx')) },
      { path: '/item/:productId/:slug?', ...page(() => import('../features/item/item-page.tsx')) },
      // Checkout and payment (spec 2: Checkout delivery, Checkout payment, Order complete, Gateway return pages)
      { path: '/checkout', ...page(() => import('../features/checkout/checkout-page.tsx')) },
      { path: '/paymentmethod', ...page(() => import('../features/checkout/payment-page.tsx')) },
      { path: '/confirmpayment', ...page(() => import('../features/checkout/order-complete-page.tsx')) },
      { path: '/payment/web-hooks', ...page(() => import('../features/checkout/payment-result-page.tsx')) },
      { path: '/payment/:status', ...page(() => import('../features/checkout/payment-result-page.tsx')) },
      // Cart popup's follow-ups (spec 2: Change address; Update account / complete profile)
      { path: '/change-address/:userId', ...page(() => import('../features/change-address/change-address-page.tsx')) },
      {
        path: '/complete-profile/:userId',
        ...page(() => import('../features/complete-profile/complete-profile-page.tsx')),
      },
      // Profile (spec 2 Profile)
      { path: '/profile/:userId', ...page(() => import('../features/profile/profile-page.tsx')) },
      // After the order (spec 2: Order history (MY ORDERS), Order tracking)
      { path: '/Order', ...page(() => import('../features/orders/orders-page.tsx')) },
      { path: '/account/sessions', ...page(() => import('../features/account-sessions/sessions-page.tsx')) },
      { path: '/ChatSeller', ...page(() => import('../features/chat/chat-seller-page.tsx')) },
      { path: '/TrackOrder', ...page(() => import('../features/track-order/track-order-page.tsx')) },
      // BuildCredit application (spec 3 §2.2), each page with the leave guard
      { path: '/Buildcredit', ...page(() => import('../features/buildcredit-application/company-page.tsx')) },
      { path: '/BankInformation', ...page(() => import('../features/buildcredit-application/bank-page.tsx')) },
      { path: '/BuildcreditSummary', ...page(() => import('../features/buildcredit-application/summary-page.tsx')) },
      { path: '/ConsentForm', ...page(() => import('../features/buildcredit-application/consent-page.tsx')) },
      { path: '/pay-rpaf', ...page(() => import('../features/credit-repayment/pay-rpaf-page.tsx')) },
      { path: '/rpaf-payment', ...page(() => import('../features/credit-repayment/multiple-payment-page.tsx')) },
      {
        path: '/rpaf-multiple-payment',
        ...page(() => import('../features/credit-repayment/multiple-payment-page.tsx')),
      },
      // A single segment may be a microsite name (or /{shopbyseller}); anything unknown goes home.
      { path: '/:micrositeName', ...page(() => import('./microsite-route.tsx')) },
      // Any other path goes home (spec 3 §2.1).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
  // Admin back-office (spec 3 §2.1 /admin-v2): its own frame and cookie session, outside the shop's frame.
  {
    path: '/admin-v2/login',
    errorElement: <RouteError />,
    ...page(() => import('../features/admin/admin-login-page.tsx')),
  },
  {
    path: '/admin-v2',
    errorElement: <RouteError />,
    ...page(() => import('../features/admin/admin-layout.tsx')),
    children: [
      { index: true, ...page(() => import('../features/admin/admin-home-page.tsx')) },
      { path: 'dashboard', ...page(() => import('../features/admin/dashboard-page.tsx')) },
      { path: 'sales', ...page(() => import('../features/admin/sales-page.tsx')) },
      { path: 'sales/:reference', ...page(() => import('../features/admin/sales-order-page.tsx')) },
      { path: 'undelivered-mail', ...page(() => import('../features/admin/undelivered-mail-page.tsx')) },
      { path: 'purchasing', ...page(() => import('../features/back-office/purchase-orders-page.tsx')) },
      { path: 'purchasing/approvals', ...page(() => import('../features/back-office/approvals-page.tsx')) },
      { path: 'purchasing/receives', ...page(() => import('../features/back-office/purchase-receives-page.tsx')) },
      { path: 'purchasing/suppliers', ...page(() => import('../features/back-office/suppliers-page.tsx')) },
      { path: 'purchasing/warehouses', ...page(() => import('../features/back-office/warehouses-page.tsx')) },
      { path: 'inventory', ...page(() => import('../features/back-office/inventory-report-page.tsx')) },
      { path: 'inventory/transfers', ...page(() => import('../features/inventory-transfers/transfer-page.tsx')) },
      { path: 'inventory/approvals', ...page(() => import('../features/inventory-transfers/approval-page.tsx')) },
      { path: 'inventory/bad-stock', ...page(() => import('../features/inventory-transfers/bad-stock-page.tsx')) },
      { path: 'sales-import', ...page(() => import('../features/sales-import/sales-import-page.tsx')) },
      { path: 'search-synonyms', ...page(() => import('../features/admin/search-synonyms-page.tsx')) },
      { path: 'support', ...page(() => import('../features/admin/support-inbox-page.tsx')) },
      { path: 'profiles', ...page(() => import('../features/profile-review/profile-review-page.tsx')) },
      { path: 'buildcredit', ...page(() => import('../features/credit-review/credit-review-page.tsx')) },
      {
        path: 'credit-payments',
        ...page(() => import('../features/credit-repayment/repayment-queue-page.tsx')),
      },
      {
        path: 'seller-registrations',
        ...page(() => import('../features/seller-registration/registrations-page.tsx')),
      },
      { path: '*', element: <Navigate to="/admin-v2" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes, {
  // Paths are matched case-insensitively by React Router, so /faqs and /FAQs both work.
});
