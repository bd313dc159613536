/**
 * The hosted booking page's HTML (GET /book/{slug}; docs/product.md#the-booking-page, decision
 * 018): static, rendered here from a BookingPageView, with the booking flow inline by the same
 * widget.js every owner embeds. Everything the owner typed is escaped (escapeHtml in element
 * content and attributes, jsonForScript in the JSON-LD). Its bar is the landing page's:
 * Lighthouse 100 x4 on a phone and a first view under 50 KB (bench/booking-page.ts).
 * The widget's tag says data-source="page", so the funnel counts its visits as the booking
 * page's, or the QR code's when the address has ?via=qr (read by the widget from the address:
 * the HTML is the same for every visitor, kept by caches under one ETag; decision 029).
 */
import { formatClockRange } from '@slotwise/shared/clock';
import { toDollars } from '@slotwise/shared/money';
import { escapeHtml } from '../html.ts';
import type { BookingPageView, PageService } from './view.ts';

/** Share image size (Open Graph's recommended 1.91:1). */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#111827;background:#f5f5f4}
.wrap{max-width:1080px;margin:0 auto;padding:0 20px}
.top{background:#fff;border-bottom:1px solid #e7e5e4}
.top .wrap{padding-top:28px;padding-bottom:28px}
.kicker{margin:0 0 4px;color:#4b5563;font-size:15px}
h1{margin:0 0 8px;font-size:32px;line-height:1.15;overflow-wrap:anywhere}
.lede{margin:0 0 18px;font-size:17px}
.cta{display:inline-block;padding:12px 22px;border-radius:999px;background:var(--accent,#4338ca);color:var(--on,#fff);font-weight:600;text-decoration:none}
.cta:hover{filter:brightness(.9)}
button.cta{border:0;font:inherit;font-weight:600;cursor:pointer}
.logo{display:block;height:48px;width:auto;max-width:200px;margin:0 0 12px;object-fit:contain}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
main.wrap{display:grid;gap:24px;padding-top:24px;padding-bottom:40px}
@media (min-width:900px){main{grid-template-columns:minmax(0,1fr) 500px;align-items:start}h1{font-size:40px}}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:14px;padding:20px;margin:0 0 24px}
.notice{margin-top:24px;border-color:var(--accent)}
h2{margin:0 0 12px;font-size:20px;line-height:1.3}
.services{list-style:none;margin:0;padding:0}
.services li{display:flex;justify-content:space-between;align-items:baseline;gap:16px;padding:12px 0;border-top:1px solid #e7e5e4}
.services li:first-child{border-top:0;padding-top:0}
.svc{font-weight:600;overflow-wrap:anywhere;min-width:0}
.dur{display:block;font-weight:400}
.dur,.note{color:#4b5563;font-size:15px}
.price{font-weight:600;white-space:nowrap}
.note{margin:12px 0 0}
p{margin:0}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 0;border-top:1px solid #e7e5e4;font-weight:400}
tr:first-child th,tr:first-child td{border-top:0}
td{text-align:right}
.book{scroll-margin-top:16px}
footer{color:#4b5563;font-size:14px;padding-bottom:32px}`;

const money = (cents: number) =>
  `$${toDollars(cents).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function duration(min: number): string {
  const h = Math.floor(min / 60);
  const m = min % 60;
  return [h && `${h} hr`, m && `${m} min`].filter(Boolean).join(' ');
}

/** JSON inside <script type="application/ld+json">: nothing in it may close the element or start a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** "Car detailing in Beverly Hills, CA 90210", or as much of it as is known. */
function tagline(v: BookingPageView): string {
  const where = v.area.label ? `in ${v.area.label}` : '';
  return [v.trade ?? 'Local service', where].filter(Boolean).join(' ');
}

function description(v: BookingPageView): string {
  return `${v.name}: ${tagline(v)}. See prices and opening hours, get an instant quote and book online.`;
}

/** schema.org LocalBusiness: what search engines and link previews read. */
function structuredData(v: BookingPageView): Record<string, unknown> {
  const open = v.hours.filter((h) => h.startTime && h.endTime);
  const prices = v.services.map((s) => toDollars(s.fromCents));
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${v.url}#business`,
    name: v.name,
    url: v.url,
    image: v.imageUrl,
    description: description(v),
  };
  if (v.area.locality)
    data.address = {
      '@type': 'PostalAddress',
      addressLocality: v.area.locality,
      ...(v.area.region && { addressRegion: v.area.region }),
      ...(v.area.postalCode && { postalCode: v.area.postalCode }),
      addressCountry: 'US',
    };
  if (v.area.geo) {
    const geo = { '@type': 'GeoCoordinates', latitude: v.area.geo.lat, longitude: v.area.geo.lng };
    data.geo = geo;
    if (v.area.miles !== null)
      data.areaServed = { '@type': 'GeoCircle', geoMidpoint: geo, geoRadius: Math.round(v.area.miles * 1609.344) };
  }
  if (open.length > 0)
    data.openingHoursSpecification = open.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.day,
      opens: h.startTime,
      closes: h.endTime,
    }));
  if (prices.length > 0) {
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    data.priceRange = low === high ? `$${low}` : `$${low}-$${high}`;
    data.makesOffer = v.services.map((s) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name: s.name },
      priceSpecification: {
        '@type': 'PriceSpecification',
        priceCurrency: 'USD',
        ...(s.varies ? { minPrice: toDollars(s.fromCents) } : { price: toDollars(s.fromCents) }),
      },
    }));
  }
  return data;
}

/** The business's colours as the stylesheet's variables; validated #rrggbb values (shared/src/brand.ts). */
function brandStyle(v: BookingPageView): string {
  const { accentColor, onAccent, accentInk } = v.brand;
  return `:root{--accent:${accentColor};--on:${onAccent};--ink:${accentInk}}`;
}

/**
 * The page's header: the business's name, trade and town, and the way to the form. One
 * function, so the business's logo and accent colour have one place to go.
 */
/** The booking's state after Stripe's payment page, or a visit's deposit to pay, above everything else. */
function noticeSection(v: BookingPageView): string {
  const n = v.notice;
  if (!n) return '';
  const a = n.action;
  const fields = Object.entries(a?.post ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const action = !a
    ? ''
    : a.post
      ? `<form method="post" action="${escapeHtml(a.href)}">${fields}<button type="submit" class="cta">${escapeHtml(a.label)}</button></form>`
      : `<p><a class="cta" href="${escapeHtml(a.href)}">${escapeHtml(a.label)}</a></p>`;
  return `<div class="wrap"><section class="card notice" role="status"><h2>${escapeHtml(n.title)}</h2><p>${escapeHtml(n.text)}</p>${action}</section></div>
`;
}

function pageHeader(v: BookingPageView): string {
  const logo = v.brand.logoUrl ? `<img class="logo" src="${escapeHtml(v.brand.logoUrl)}" alt="" height="48">\n` : '';
  return `<header class="top"><div class="wrap">
${logo}<p class="kicker">${escapeHtml(tagline(v))}</p>
<h1>${escapeHtml(v.name)}</h1>
<p class="lede">Get an instant quote and book a time online.</p>
<a class="cta" href="#book">Book online</a>
</div></header>`;
}

function serviceItem(s: PageService): string {
  const price = s.varies ? `from ${money(s.fromCents)}` : money(s.fromCents);
  return `<li><span class="svc">${escapeHtml(s.name)}<span class="dur">${duration(s.durationMin)}</span></span><span class="price">${price}</span></li>`;
}

function servicesSection(v: BookingPageView): string {
  if (v.services.length === 0)
    return `<section class="card" aria-labelledby="services-h"><h2 id="services-h">Services</h2><p>No services are listed yet.</p></section>`;
  const why = [v.question && `your answer to "${escapeHtml(v.question)}"`, 'the distance to you'].filter(Boolean);
  const note = v.services.some((s) => s.varies)
    ? `<p class="note">"From" prices depend on ${why.join(' and ')}; the booking form shows your exact price before you book.</p>`
    : '';
  return `<section class="card" aria-labelledby="services-h"><h2 id="services-h">Services</h2><ul class="services">${v.services.map(serviceItem).join('')}</ul>${note}</section>`;
}

function areaSection(v: BookingPageView): string {
  if (!v.area.label) return '';
  const within = v.area.miles !== null ? ` and within ${v.area.miles} miles` : '';
  return `<section class="card" aria-labelledby="area-h"><h2 id="area-h">Area served</h2><p>${escapeHtml(v.area.label)}${within}.</p></section>`;
}

function hoursSection(v: BookingPageView): string {
  const rows = v.hours
    .map(
      (h) =>
        `<tr><th scope="row">${h.day}</th><td>${h.startTime && h.endTime ? formatClockRange(h.startTime, h.endTime, v.timeFormat) : 'Closed'}</td></tr>`,
    )
    .join('');
  return `<section class="card" aria-labelledby="hours-h"><h2 id="hours-h">Hours</h2><table>${rows}</table></section>`;
}

export function renderBookingPage(v: BookingPageView): string {
  const title = `${v.name}: book online`;
  const desc = description(v);
  const meta = [
    ['og:type', 'website'],
    ['og:title', title],
    ['og:description', desc],
    ['og:url', v.url],
    ['og:image', v.imageUrl],
    ['og:image:width', String(SHARE_WIDTH)],
    ['og:image:height', String(SHARE_HEIGHT)],
    ['og:image:alt', `${v.name}${v.trade ? `, ${v.trade}` : ''}`],
  ]
    .map(([p, c]) => `<meta property="${p}" content="${escapeHtml(c!)}">`)
    .join('\n');
  const twitter = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', desc],
    ['twitter:image', v.imageUrl],
  ]
    .map(([n, c]) => `<meta name="${n}" content="${escapeHtml(c!)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(desc)}">
<link rel="canonical" href="${escapeHtml(v.url)}">
<link rel="icon" href="data:,">
${v.notice ? `<meta name="robots" content="noindex">\n` : ''}${v.notice?.refreshSeconds ? `<meta http-equiv="refresh" content="${v.notice.refreshSeconds}">\n` : ''}${meta}
${twitter}
<style>${brandStyle(v)}${STYLE}</style>
<script type="application/ld+json">${jsonForScript(structuredData(v))}</script>
</head>
<body>
${pageHeader(v)}
${noticeSection(v)}<main class="wrap">
<div>
${servicesSection(v)}
${areaSection(v)}
${hoursSection(v)}
</div>
<section id="book" class="book" aria-labelledby="book-h"><h2 id="book-h">Book online</h2><div id="book-here"></div></section>
</main>
<footer class="wrap"><p>Online booking by Slotwise.</p></footer>
<script src="/widget.js" data-business-id="${escapeHtml(v.businessId)}" data-mode="inline" data-target="book-here" data-source="page" async></script>
</body>
</html>
`;
}

/** An unknown slug: say so, and how to find the right page. */
export function notFoundPage(slug: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Booking page not found</title>
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main class="wrap"><div class="card">
<h1>Booking page not found</h1>
<p>No business has the booking page <strong>/book/${escapeHtml(slug)}</strong>. Check the link for a typo, or ask the business for its booking link: it is on their flyers, their van and their profile pages.</p>
</div></main>
</body>
</html>
`;
}
