/**
 * GET /api/business-dashboard/bookings/export: the owner's bookings as CSV, every
 * field of the bookings page, times in the business's time zone, money as numbers.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ownerGuard } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { effectiveStatus } from '../../repositories/bookings.ts';

const HEADER = [
  'Booking ID',
  'Status',
  'Date',
  'Start Time',
  'End Time',
  'Time Zone',
  'Service',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Car Type',
  'Address',
  'Total (USD)',
  'Booked At',
];

/** RFC 4180 quoting, and a leading ' on cells a spreadsheet would run as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Phone numbers like "+1 555..." are plain data, not formulas.
  const phone = /^\+[\d\s().-]+$/.test(text);
  if (typeof value === 'string' && !phone && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function localDateTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

export async function exportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', ownerGuard(ctx));
  app.get('/api/business-dashboard/bookings/export', async (req, reply) => {
    const business = await ctx.repos.businesses.findById(req.owner.businessId);
    if (!business) throw new HttpError(404, 'Business not found.');
    const rows = await ctx.repos.bookings.list(business.id);
    const now = ctx.now();
    const lines = [HEADER.map(csvCell).join(',')];
    for (const b of rows) {
      lines.push(
        [
          b.id,
          effectiveStatus(b, now),
          b.day,
          b.start_time,
          b.end_time,
          business.time_zone,
          b.service_name,
          b.first_name,
          b.last_name,
          b.customer_email,
          b.phone_number,
          b.car_body_type,
          b.customer_address,
          b.total_cents / 100,
          localDateTime(b.created_at, business.time_zone),
        ]
          .map(csvCell)
          .join(','),
      );
    }
    const stamp = localDateTime(now, business.time_zone).slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bookings-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(`${lines.join('\r\n')}\r\n`);
  });
}
