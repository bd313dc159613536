/** GET a JSON document from a geocoding provider with a timeout and a clear error. */
export async function getJson(url: URL, timeoutMs = 5000): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url.host} answered ${res.status}`);
  return res.json();
}

/** A placeId carrying its own coordinates, for providers without a lookup-by-id call. */
export function coordinatePlaceId(lat: number, lng: number): string {
  return `geo:${lat.toFixed(6)},${lng.toFixed(6)}`;
}

export function parseCoordinatePlaceId(id: string): { lat: number; lng: number } | null {
  const m = /^geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(id);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}
