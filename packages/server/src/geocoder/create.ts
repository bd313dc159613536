import type { Config } from '../config.ts';
import type { Geocoder } from './geocoder.ts';
import { createOfflineGeocoder } from './offline.ts';

export function createGeocoder(config: Config): Geocoder {
  switch (config.geocoder.kind) {
    case 'offline':
      return createOfflineGeocoder();
    default:
      throw new Error(`GEOCODER=${config.geocoder.kind} is not available in this build; use GEOCODER=offline.`);
  }
}
