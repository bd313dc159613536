/** Makes the dashboard believe it is on a phone-sized screen (lib/media.ts reads matchMedia; jsdom has none). */
import { vi } from 'vitest';
import { PHONE_QUERY } from '../lib/media.ts';

export function onPhone(): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string): Partial<MediaQueryList> => ({
      matches: query === PHONE_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  );
}
