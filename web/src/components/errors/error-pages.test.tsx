import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { routes } from '@/app/router';

function renderApp(path: string, extra = routes) {
  const router = createMemoryRouter(extra, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('error pages', () => {
  it('an unknown route shows 404 Not Found with a link home', async () => {
    renderApp('/this-does-not-exist');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByText('This page could not be found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'กลับหน้าแรก' }).getAttribute('href')).toBe('/');
  });

  it('a failing route shows An error occurred with a link home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): never {
      throw new Error('boom');
    }
    // the app's root route (and its error boundary) with one failing child
    const root = routes[0]!;
    renderApp('/boom', [{ errorElement: root.errorElement, children: [{ path: 'boom', Component: Boom }] }]);
    expect(await screen.findByRole('heading', { name: 'An error occurred' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'กลับหน้าแรก' }).getAttribute('href')).toBe('/');
  });
});
