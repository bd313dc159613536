/** Renders the real route table in memory at a path, with the session checked as at start-up. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { AppRoutes, preloadPages } from '../app/router.tsx';
import { checkSession } from '../lib/session.ts';

// Every lazy page loaded before any test renders: tests look at pages, not at chunk loading.
await preloadPages();

/** Reports the location the router last committed, for tests that check where the app went. */
function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onChange(location);
  }, [location, onChange]);
  return null;
}

export function renderApp(path: string, options: { checkSession?: boolean } = {}) {
  if (options.checkSession !== false) checkSession();
  let current: Location | undefined;
  const location = () => {
    if (!current) throw new Error('The app has not rendered yet.');
    return current;
  };
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe
        onChange={(l) => {
          current = l;
        }}
      />
    </MemoryRouter>,
  );
  return { ...view, user, location, pathname: () => location().pathname };
}
