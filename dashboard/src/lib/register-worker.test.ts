import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerWorker } from './register-worker.ts';

function fakeServiceWorker() {
  const register = vi.fn(async () => ({}));
  Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  return register;
}

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registering the service worker', () => {
  it('does nothing outside production builds (tests, Vite dev server)', () => {
    const register = fakeServiceWorker();
    registerWorker();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers /dashboard/sw.js for the /dashboard scope only in a production build', () => {
    vi.stubEnv('PROD', true);
    const register = fakeServiceWorker();
    registerWorker();
    expect(register).toHaveBeenCalledWith('/dashboard/sw.js', { scope: '/dashboard' });
  });

  it('leaves browsers without service workers as they were', () => {
    vi.stubEnv('PROD', true);
    expect(() => registerWorker()).not.toThrow();
  });
});
