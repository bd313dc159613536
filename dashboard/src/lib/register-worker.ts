/**
 * Registers the dashboard's service worker (src/service-worker/worker.ts, served as
 * /dashboard/sw.js) for the owner's pages only: its scope "/dashboard" leaves the customer
 * pages, the landing page and the widget alone. Production builds only: under Vite's dev
 * server a worker would serve old modules, and tests have none (the condition is a
 * build-time constant, so this is empty outside production builds).
 */
export function registerWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/dashboard/sw.js', { scope: '/dashboard' }).catch(() => {
      // Without a worker the dashboard works as before, only not offline (a browser that refuses it, an http origin).
    });
  };
  // After the page's own files, so its first load does not share the connection with the precache.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
