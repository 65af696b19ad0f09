import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { DocViewer } from './doc-viewer';

const MANUAL =
  '<main><h1>Manual</h1><nav id="toc"><ul><li><a href="#one">One</a></li></ul></nav><h2 id="one">One</h2><p>Body text</p></main>';

function serve(files: Record<string, string>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const accept = (init.headers as Record<string, string>).Accept;
    if (files[url] !== undefined) return new Response(files[url], { status: 200 });
    // What the standalone server does: index.html for pages, 404 for anything else.
    return accept?.includes('text/html') ? new Response('<div id="root"></div>', { status: 200 }) : new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('DocViewer', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows loading, then the document with its contents list; an entry scrolls smoothly', async () => {
    const fetchMock = serve({ '/docs/instructor-manual.html': MANUAL });
    renderRoutes([{ path: '/docs/:id', element: <DocViewer docId="instructor-manual" /> }], '/docs/instructor-manual');
    expect(screen.getByText('Loading documentation...')).toBeTruthy();
    await screen.findByText('Body text');
    expect(fetchMock).toHaveBeenCalledWith('/docs/instructor-manual.html', expect.objectContaining({ headers: { Accept: 'text/plain' } }));
    const scroll = vi.fn();
    document.getElementById('one')!.scrollIntoView = scroll;
    fireEvent.click(screen.getByRole('link', { name: 'One' }));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('shows Document Not Found for an unknown id', async () => {
    serve({});
    renderRoutes([{ path: '/docs/:id', element: <DocViewer docId="nope" /> }], '/docs/nope');
    await screen.findByText('Document Not Found');
    expect(screen.getByText('Document "nope" not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to Docs' }).getAttribute('href')).toBe('/docs');
  });

  it('treats an HTML page without the contents marker as not found', async () => {
    serve({ '/docs/fallback.html': '<!doctype html><div id="root"></div>' });
    renderRoutes([{ path: '/docs/:id', element: <DocViewer docId="fallback" /> }], '/docs/fallback');
    await screen.findByText('Document Not Found');
  });
});
