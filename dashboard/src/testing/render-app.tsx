/** Renders the real route table in memory at a path, with the session checked as at start-up. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../app/router.tsx';
import { bindNavigation, checkSession } from '../lib/session.ts';

export function renderApp(path: string, options: { checkSession?: boolean } = {}) {
  if (options.checkSession !== false) checkSession();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  bindNavigation((to, o) => void router.navigate(to, o));
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, user, pathname: () => router.state.location.pathname };
}
