import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/error-page';
import { NotFoundRoute } from '@/components/errors/not-found';
import { HomeLayout } from './layouts/home-layout';

// Every page is its own chunk; admin (/admin/...) and member (/member/...) never load for visitors.
const home = async () => ({ Component: (await import('./routes/home')).HomeRoute });
const comingSoon = async () => ({ Component: (await import('./routes/coming-soon')).ComingSoonRoute });
const product = async () => ({ Component: (await import('@/features/catalog/routes/product')).ProductRoute });
const logout = async () => ({ Component: (await import('@/features/auth/routes/logout')).LogoutRoute });
const member = async () => ({
  Component: (await import('@/features/member/routes/member-home')).MemberHomeRoute,
});
const adminHome = async () => ({
  Component: (await import('@/features/admin/routes/admin-home')).AdminHomeRoute,
});
const adminLogin = async () => ({
  Component: (await import('@/features/admin/routes/admin-login')).AdminLoginRoute,
});

const INFO_PAGES = [
  'aboutus',
  'speakers',
  'productAll/:coach?',
  'pricing',
  'privacy-policy',
  'terms-and-condition',
  'terms-and-conditions',
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <HomeLayout />,
        children: [
          { index: true, lazy: home },
          // spec 01 §2: /product/{id?} and /product/{name?}/{id?}
          { path: 'product/:id?', lazy: product },
          { path: 'product/:name/:id', lazy: product },
          ...INFO_PAGES.map((path) => ({ path, lazy: comingSoon })),
        ],
      },
      { path: 'logout', lazy: logout },
      { path: 'member/*', lazy: member },
      {
        path: 'admin',
        children: [
          { index: true, lazy: adminHome },
          { path: 'login', lazy: adminLogin },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
