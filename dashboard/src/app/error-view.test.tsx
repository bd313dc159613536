import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { ErrorView } from './error-view.tsx';

function Broken(): never {
  throw new Error('boom in a page');
}

it("shows 'Unexpected Application Error!' when a page throws", () => {
  // React reports the caught render error on the console; that is expected here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorView /> }]);
  render(<RouterProvider router={router} />);
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('boom in a page')).toBeInTheDocument();
});
