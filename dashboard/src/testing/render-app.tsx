/** Renders the real route table in memory at a path, with the session checked as at start-up. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { routes } from '../app/router.tsx';
import { bindNavigation, checkSession } from '../lib/session.ts';

/** The route table with every lazy page already loaded: tests look at pages, not at chunk loading. */
async function resolveLazy(list: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    list.map(async (route) => {
      const { lazy, children, ...rest } = route;
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      return { ...rest, ...loaded, ...(children ? { children: await resolveLazy(children) } : {}) } as RouteObject;
    }),
  );
}
const eagerRoutes = await resolveLazy(routes);

export function renderApp(path: string, options: { checkSession?: boolean } = {}) {
  if (options.checkSession !== false) checkSession();
  const router = createMemoryRouter(eagerRoutes, { initialEntries: [path] });
  bindNavigation((to, o) => void router.navigate(to, o));
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, user, pathname: () => router.state.location.pathname };
}
