import type { Config } from '../config.ts';
import type { Geocoder } from './geocoder.ts';
import { createGoogleGeocoder } from './google.ts';
import { createOfflineGeocoder } from './offline.ts';
import { createPhotonGeocoder } from './photon.ts';

export function createGeocoder(config: Config): Geocoder {
  const g = config.geocoder;
  switch (g.kind) {
    case 'photon':
      return createPhotonGeocoder(g.url);
    case 'google':
      return createGoogleGeocoder(g.apiKey, g.baseUrl);
    default:
      return createOfflineGeocoder();
  }
}
