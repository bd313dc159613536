/**
 * Multi-stop directions for a crew's day (docs/decisions/054): Google Maps' documented URL
 * (https://developers.google.com/maps/documentation/urls/get-started#directions-action), which
 * opens the Maps app on a phone and maps.google.com elsewhere, with no key. From the crew's start
 * through the stops in driving order.
 *
 * Google allows up to 3 waypoints on mobile browsers and 9 elsewhere; crews open it on a phone,
 * so a link carries at most 3 waypoints (5 places) and a longer day is split into several links,
 * each starting where the one before ended.
 */

const BASE = 'https://www.google.com/maps/dir/?api=1';
export const MAX_WAYPOINTS = 3;

/** The directions links through `places` in order (the first is the origin); [] with fewer than 2. */
export function directionsLinks(places: readonly string[]): string[] {
  const stops = places.map((p) => p.trim()).filter((p) => p !== '');
  const links: string[] = [];
  const perLink = MAX_WAYPOINTS + 2;
  for (let start = 0; start < stops.length - 1; start += perLink - 1) {
    const leg = stops.slice(start, start + perLink);
    const origin = leg[0]!;
    const destination = leg[leg.length - 1]!;
    const waypoints = leg.slice(1, -1);
    let url = `${BASE}&origin=${encodeURIComponent(origin)}&destination=${encodeURIComponent(destination)}`;
    if (waypoints.length > 0) url += `&waypoints=${waypoints.map(encodeURIComponent).join('%7C')}`;
    links.push(url);
  }
  return links;
}
