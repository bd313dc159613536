import tzLookup from '@photostructure/tz-lookup';

/** The IANA time zone at a point, from a shipped polygon table (no network). */
export function timeZoneAt(lat: number, lng: number): string {
  return tzLookup(lat, lng);
}
