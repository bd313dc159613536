/**
 * The <head> tags of the landing page (title, description, Open Graph), written
 * into the built HTML by landing/scripts/postbuild.ts.
 */
import { META, PRODUCT } from './content.ts';

export interface HeadOptions {
  /**
   * The site's origin (PUBLIC_URL at build time). Open Graph wants absolute URLs;
   * without an origin the tags fall back to root-relative ones, which most
   * previewers still resolve against the page's own address.
   */
  origin?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export function headTags({ origin = '' }: HeadOptions = {}): string {
  const base = origin.replace(/\/+$/, '');
  const url = `${base}/`;
  const image = `${base}/og-image.png`;
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(META.title)}</title>`,
    meta('name', 'description', META.description),
    meta('name', 'theme-color', '#4f46e5'),
    base ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT),
    meta('property', 'og:title', META.title),
    meta('property', 'og:description', META.description),
    base ? meta('property', 'og:url', url) : '',
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', `${PRODUCT}: instant quotes and online booking`),
    meta('name', 'twitter:card', 'summary_large_image'),
  ]
    .filter(Boolean)
    .join('\n    ');
}
