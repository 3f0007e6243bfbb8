import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageFrame } from './frame/page-frame.tsx';
import { RouteError } from './frame/route-error.tsx';

/** A lazily loaded page: each route's code is fetched when it is first visited. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    element: <PageFrame />,
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
      // A single segment may be a microsite name (or /{shopbyseller}); anything unknown goes home.
      { path: '/:micrositeName', ...page(() => import('../features/sellers/microsite-route.tsx')) },
      // Any other path goes home (spec 3 §2.1).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes, {
  // Paths are matched case-insensitively by React Router, so /faqs and /FAQs both work.
});
