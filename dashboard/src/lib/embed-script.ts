/** The kinds of embed an owner may paste: a pop-up button, or the booking steps inside a page. */
export type EmbedKind = 'popup' | 'inline';

/**
 * The tag owners paste into their site (widget/README.md), for Services and the end of onboarding.
 * The origin is this page's: PUBLIC_URL when our server serves it. The inline form needs an
 * element to render into, named by data-target.
 */
export function embedScript(origin: string, businessId: string, kind: EmbedKind = 'popup'): string {
  const tag = `<script src="${origin}/widget.js" data-business-id="${businessId}"`;
  return kind === 'popup'
    ? `${tag} async></script>`
    : `<div id="book-here"></div>\n${tag} data-mode="inline" data-target="book-here" async></script>`;
}
