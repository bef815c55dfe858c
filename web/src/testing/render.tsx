import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Problem } from '@/types/api';

/** Shows where the router went, for navigation assertions. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `ui` inside a memory router starting at `path` (plus any extra routes) and a fresh query client. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routes = [] }: { path?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // `ui` stays on screen on every path (like a layout), so navigations can be asserted
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            {ui}
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [...routes, { path: '*', element: null }],
      },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

type Reply = { status: number; body?: unknown };
type Handler = (url: URL, init: RequestInit) => Reply | Promise<Reply>;

export const json = (status: number, body?: unknown): Reply => ({ status, body });
export const problem = (
  status: number,
  code: string,
  detail: string,
  extra: Partial<Problem> = {},
): Reply => ({
  status,
  body: {
    type: 'about:blank',
    title: detail,
    status,
    code,
    detail,
    requestId: 'test',
    ...extra,
  } satisfies Problem,
});

/** Replaces fetch with a router of "METHOD /path" → reply; unknown calls answer 404. Returns the mock. */
export function mockApi(routes: Record<string, Handler | Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    const reply =
      typeof route === 'function'
        ? await route(url, init)
        : (route ?? problem(404, 'http.not_found', 'nope'));
    const isProblem = reply.status >= 400;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': isProblem ? 'application/problem+json' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to one endpoint. */
export function bodiesSentTo(
  fetchMock: ReturnType<typeof mockApi>,
  method: string,
  pathname: string,
): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), 'http://localhost').pathname === pathname,
    )
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));
}
