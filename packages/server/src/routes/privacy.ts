/**
 * GET /privacy/:businessId: the default privacy notice of a business that has not given
 * its own (Settings > Customer data; docs/product.md#customer-data). The widget links it
 * beside its consent sentence. It names the business as the controller of the customer's
 * details and says what is held, why, for how long and how to ask for a copy or deletion.
 */

import { BusinessParams } from '@slotwise/shared/api';
import { formatPhone } from '@slotwise/shared/phone';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { escapeHtml } from '../html.ts';

interface Notice {
  businessName: string;
  ownerEmail: string;
  ownerPhone: string;
  retentionMonths: number;
}

const PAGE_STYLE = `body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2937;background:#f9fafb}
main{max-width:720px;margin:0 auto;padding:32px 20px 64px}h1{font-size:28px;line-height:1.2;margin:0 0 8px}
h2{font-size:18px;margin:28px 0 6px}p,li{overflow-wrap:anywhere}.muted{color:#4b5563}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<style>${PAGE_STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

function privacyNotice(n: Notice): string {
  const name = escapeHtml(n.businessName);
  const contact = [
    n.ownerEmail && `e-mail ${escapeHtml(n.ownerEmail)}`,
    n.ownerPhone && `call ${escapeHtml(n.ownerPhone)}`,
  ]
    .filter(Boolean)
    .join(' or ');
  const months = n.retentionMonths === 1 ? '1 month' : `${n.retentionMonths} months`;
  return page(
    `Privacy notice - ${n.businessName}`,
    `<h1>Privacy notice</h1>
<p class="muted">${name} uses Slotwise to quote and book its appointments online.</p>
<h2>Who is responsible for your details</h2>
<p>${name} is the controller of the details you give when you ask for a quote or book: it decides how they are used. Slotwise stores them on its behalf.</p>
<h2>What is held</h2>
<ul><li>Your name, e-mail address and phone number.</li><li>The address where the work is done, and its distance from ${name}.</li><li>The booking: the service, your answer to its question, the date and time, the price and its status.</li><li>The e-mails sent to you about the booking.</li></ul>
<h2>Why</h2>
<p>To quote the price, book the time you chose, do the work at your address, and send you the confirmation, changes and a reminder, with links to reschedule or cancel. Nothing is sold or used for advertising.</p>
<h2>How long</h2>
<p>Your name, e-mail, phone and address are erased from a booking ${months} after it ends. The date, service and price stay in ${name}'s books. E-mails sent to you are deleted after 30 days.</p>
<h2>Your rights</h2>
<p>You may ask ${name} for a copy of everything held about you, or for it to be erased${contact ? `: ${contact}` : ''}. An erasure waits until your upcoming bookings are done or cancelled.</p>`,
  );
}

const NOT_FOUND = page(
  'Privacy notice not found',
  `<h1>Privacy notice not found</h1><p>No business has this address. Use the privacy notice link in the business's booking window.</p>`,
);

export async function privacyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: z.infer<typeof BusinessParams> }>(
    '/privacy/:businessId',
    { schema: { params: BusinessParams } },
    async (req, reply) => {
      const b = await ctx.repos.businesses.findById(req.params.businessId);
      const owner = b ? await ctx.repos.businesses.ownerContact(b.id) : null;
      reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300');
      if (!b) return reply.status(404).send(NOT_FOUND);
      return reply.send(
        privacyNotice({
          businessName: b.name || 'This business',
          ownerEmail: owner?.email ?? '',
          ownerPhone: owner ? formatPhone(owner.phone) : '',
          retentionMonths: b.retention_months,
        }),
      );
    },
  );
}
