import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { loadingSkeleton } from '../testing/skeleton.ts';
import { isChunkLoadError } from './error-view.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RouteBoundary } from './route-boundary.tsx';

function Broken(): never {
  throw new Error('boom in a page');
}

/** A top bar that stays, and the pages beneath it inside a RouteBoundary, as in app/router.tsx. */
function renderAt(path: string, page: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          element={
            <>
              <nav>
                <Link to="/fine">Fine</Link> <Link to="/broken">Broken</Link>
              </nav>
              <RouteBoundary>
                <Outlet />
              </RouteBoundary>
            </>
          }
        >
          <Route path="/broken" element={page} />
          <Route path="/fine" element={<h1>Fine page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

it("shows 'Unexpected Application Error!' when a page throws, and clears it on navigating away", async () => {
  // React reports the caught render error on the console; that is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const user = userEvent.setup();
  renderAt('/broken', <Broken />);
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('boom in a page')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  // The bar around the boundary stays, so the user can go elsewhere.
  await user.click(screen.getByRole('link', { name: 'Fine' }));
  expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  // Back to the broken page: it fails again, and shows the view again.
  await user.click(screen.getByRole('link', { name: 'Broken' }));
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
});

function LazyContent() {
  return <h1>Lazy page</h1>;
}
const LoadingPage = lazyPage(async () => ({ LazyContent }), 'LazyContent');
const FailingPage = lazyPage<{ LazyContent: React.ComponentType }>(
  () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
  'LazyContent',
);

it("shows a skeleton while a lazy page's chunk loads, then the page", async () => {
  renderAt('/broken', <LoadingPage />);
  loadingSkeleton();
  expect(await screen.findByRole('heading', { name: 'Lazy page' })).toBeInTheDocument();
});

it("shows a person's sentence and Retry when a lazy page's code fails to load, never the chunk's address", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderAt('/broken', <FailingPage />);
  expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
  expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(document.body.textContent).not.toContain('/assets/x.js');
  // The bar around it stays, so the owner can go elsewhere.
  expect(screen.getByRole('link', { name: 'Fine' })).toBeInTheDocument();
});

it.each([
  ['Chrome', 'Failed to fetch dynamically imported module: https://x.test/assets/a.js', true],
  ['Firefox', 'error loading dynamically imported module: https://x.test/assets/a.js', true],
  ['Safari', 'Importing a module script failed.', true],
  ["Vite's CSS preload", 'Unable to preload CSS for /assets/a.css', true],
  ['a bug in a page', 'Cannot read properties of undefined', false],
])('tells a failed chunk from %s apart from other errors', (_who, message, chunk) => {
  expect(isChunkLoadError(new TypeError(message))).toBe(chunk);
});
