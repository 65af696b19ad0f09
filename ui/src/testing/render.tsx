import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../components/toaster';

export type Handler = (
  body: unknown,
  init: RequestInit,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** A fetch stand-in routed by "METHOD /path"; every call is recorded. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[key];
    if (!handler) return new Response(JSON.stringify({ message: `no handler for ${key}` }), { status: 404 });
    const r = await handler(body, init);
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderRoutes(routes: RouteObject[], initialPath: string, element?: (ui: ReactElement) => ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const ui = (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
  return { client, router, ...render(element ? element(ui) : ui) };
}
