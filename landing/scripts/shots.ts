/**
 * The screenshot manifest written by scripts/screenshots.mjs next to the images
 * (landing/public/screenshots/screenshots.json). Read at build time only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ShotEntry {
  file: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
}

function isShot(value: unknown): value is ShotEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.file === 'string' &&
    /^[\w-]+\.(webp|avif|png)$/.test(v.file) &&
    typeof v.width === 'number' &&
    typeof v.height === 'number' &&
    typeof v.alt === 'string' &&
    v.alt.length > 0 &&
    typeof v.caption === 'string'
  );
}

/** The shots listed in the manifest; none when it does not exist yet (the page draws placeholders). */
export function readShotManifest(dir: string): ShotEntry[] {
  const file = join(dir, 'screenshots.json');
  if (!existsSync(file)) return [];
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const shots = (data as { shots?: unknown }).shots;
  if (!Array.isArray(shots) || !shots.every(isShot)) {
    throw new Error(
      `${file} is malformed: expected {shots: [{file, width, height, alt, caption}]}; rerun "npm run screenshots".`,
    );
  }
  for (const s of shots) {
    if (!existsSync(join(dir, s.file))) {
      throw new Error(`${file} lists ${s.file}, which is not in ${dir}; rerun "npm run screenshots".`);
    }
  }
  return shots;
}
