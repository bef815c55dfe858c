import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/error-page';
import { NotFoundRoute } from '@/components/errors/not-found';
import { HomeLayout } from './layouts/home-layout';
import { RootLayout } from './layouts/root-layout';

// Every page is its own chunk; admin (/admin/...) and member (/member/...) never load for visitors.
const home = async () => ({ Component: (await import('./routes/home')).HomeRoute });
const comingSoon = async () => ({ Component: (await import('./routes/coming-soon')).ComingSoonRoute });
const product = async () => ({ Component: (await import('@/features/catalog/routes/product')).ProductRoute });
const logout = async () => ({ Component: (await import('@/features/auth/routes/logout')).LogoutRoute });
const loginFacebook = async () => ({
  Component: (await import('@/features/auth/routes/login-facebook')).LoginFacebookRoute,
});
const member = async () => ({
  Component: (await import('@/features/member/routes/member-home')).MemberHomeRoute,
});
const adminLayout = async () => ({
  Component: (await import('@/features/admin/components/admin-layout')).AdminLayout,
});
const adminDashboard = async () => ({
  Component: (await import('@/features/admin/routes/admin-dashboard')).AdminDashboardRoute,
});
const adminUsers = async () => ({
  Component: (await import('@/features/admin/routes/admin-users')).AdminUsersRoute,
});
const adminPersonnel = async () => ({
  Component: (await import('@/features/admin/routes/admin-personnel')).AdminPersonnelRoute,
});
const adminDeliveries = async () => ({
  Component: (await import('@/features/admin/routes/admin-deliveries')).AdminDeliveriesRoute,
});
const adminComingSoon = async () => ({
  Component: (await import('@/features/admin/routes/admin-coming-soon')).AdminComingSoonRoute,
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
    element: <RootLayout />,
    children: [
      {
        element: <HomeLayout />,
        children: [
          { index: true, lazy: home },
          // the home page with the login dialog open; /code/:code opens the change-password dialog
          { path: 'login', lazy: home },
          { path: 'code/:code', lazy: home },
          { path: 'loginFacebook', lazy: loginFacebook },
          // spec 01 §2: /product/{id?} and /product/{name?}/{id?}
          { path: 'product/:id?', lazy: product },
          { path: 'product/:name/:id', lazy: product },
          ...INFO_PAGES.map((path) => ({ path, lazy: comingSoon })),
        ],
      },
      { path: 'logout', lazy: logout },
      { path: 'member/*', lazy: member },
      // open to all (spec 01 §6); the rest of /admin needs a staff session (the layout checks)
      { path: 'admin/login', lazy: adminLogin },
      {
        path: 'admin',
        lazy: adminLayout,
        children: [
          { index: true, lazy: adminDashboard },
          { path: 'user', lazy: adminUsers },
          { path: 'personnel', lazy: adminPersonnel },
          { path: 'deliveries', lazy: adminDeliveries },
          { path: '*', lazy: adminComingSoon },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
