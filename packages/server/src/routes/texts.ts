/**
 * The public pages of texts and review requests (docs/decisions/027), outside the JSON route table
 * like the booking page (they answer HTML to a browser; Twilio's replies come to routes/webhooks.ts):
 * - GET /s/:code: a short link from a text, redirecting to the page it stands for on our origin.
 * - GET /review/:token, POST /review/:token, POST /review/:token/comment: the rating page of a
 *   review request. Every rating, 1 to 5 stars, gets the same answer: the owner's public review
 *   link and, as an optional extra, a private note only the owner reads. Never the link for good
 *   ratings only: that is review gating, which Google's review policy forbids (docs/decisions/027).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { escapeHtml } from '../html.ts';
import { reviewTokenHash } from '../jobs/review-requests.ts';
import { rateLimit } from '../plugins/rate-limits.ts';

const STYLE = `*{box-sizing:border-box}body{margin:0;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f5f5f4}
main{max-width:520px;margin:0 auto;padding:32px 20px}.card{background:#fff;border:1px solid #e7e5e4;border-radius:14px;padding:24px}
h1{font-size:24px;line-height:1.25;margin:0 0 8px}h2{font-size:19px;margin:24px 0 8px}p{margin:0 0 16px}.stars{display:flex;gap:6px;margin:8px 0 0}
.stars button{flex:1 1 0;min-width:0;min-height:64px;border:1px solid #d6d3d1;border-radius:12px;background:#fff;font:inherit;font-size:22px;cursor:pointer;color:#b45309}
.stars button span{display:block;font-size:13px;color:#4b5563}.stars button:hover,.stars button:focus-visible{border-color:#b45309;outline:3px solid #f59e0b;outline-offset:1px}
textarea{width:100%;min-height:120px;font:inherit;padding:10px;border:1px solid #a8a29e;border-radius:8px}
.cta{display:inline-block;margin-top:12px;padding:12px 22px;border-radius:999px;background:#4338ca;color:#fff;font-weight:600;text-decoration:none;border:0;font:inherit;cursor:pointer}`;

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,">${head}<style>${STYLE}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

const TokenParams = z.object({ token: z.string().min(20).max(100) });
const RatingForm = z.object({ rating: z.coerce.number().int().min(1).max(5) });
const CommentForm = z.object({ comment: z.string().trim().min(1, 'Write a few words first.').max(2000) });

export async function textRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { code: string } }>(
    '/s/:code',
    {
      schema: { params: z.object({ code: z.string().regex(/^[A-Za-z0-9]{6,20}$/) }) },
      config: { rateLimit: rateLimit(ctx, 'manage') },
    },
    async (req, reply) => {
      const target = await ctx.repos.texts.resolveShort(req.params.code);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!target?.startsWith('/'))
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Link not found',
              '<h1>This link does not work</h1><p>Check that the whole link was copied from the text. Your booking is unchanged; the mail about it has the same links.</p>',
            ),
          );
      return reply.redirect(target, 302);
    },
  );

  async function reviewOf(token: string) {
    return ctx.repos.reviews.byTokenHash(reviewTokenHash(token));
  }
  const gone = (reply: FastifyReply) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Link not found',
          '<h1>This link does not work</h1><p>Check that the whole link was copied from the mail or text.</p>',
        ),
      );

  function ratingPage(r: NonNullable<Awaited<ReturnType<typeof reviewOf>>>, token: string): string {
    const name = escapeHtml(r.business_name ?? 'us');
    const buttons = [1, 2, 3, 4, 5]
      .map(
        (n) =>
          `<button type="submit" name="rating" value="${n}" aria-label="${n} ${n === 1 ? 'star' : 'stars'}">★<span>${n}</span></button>`,
      )
      .join('');
    return page(
      `How did it go? ${r.business_name ?? ''}`,
      `<h1>How did your ${escapeHtml(r.service_name)} go, ${escapeHtml(r.first_name)}?</h1><p>Tap a star to rate ${name}: 1 is poor, 5 is great.</p><form method="post" action="/review/${escapeHtml(token)}"><div class="stars" role="group" aria-label="Rating">${buttons}</div></form>`,
    );
  }

  /** The public review link, when the owner gave one: offered alike after every rating and after a note. */
  function reviewLink(r: { business_name: string | null; review_url: string | null }): string {
    if (!r.review_url) return '';
    return `<p>Would you share your experience on ${escapeHtml(r.business_name ?? 'our')} public review page? It helps other customers and a small business.</p><a class="cta" href="${escapeHtml(r.review_url)}">Leave a review</a>`;
  }

  /**
   * The answer to every rating, whatever the stars: thanks, the public review link, and an optional
   * private note to the owner. The same page for 1 star as for 5 (no review gating).
   */
  function ratedPage(r: NonNullable<Awaited<ReturnType<typeof reviewOf>>>, token: string, error?: string): string {
    const business = escapeHtml(r.business_name ?? 'the business');
    return page(
      'Thank you',
      `<h1>Thank you for your rating!</h1>${reviewLink(r)}<h2>A private note to the owner (optional)</h2><p>Anything ${business} should know, good or bad? Only the owner reads this; it is not posted anywhere.</p><form method="post" action="/review/${escapeHtml(token)}/comment"><label for="comment">Your note</label>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}<textarea id="comment" name="comment" maxlength="2000" required></textarea><button class="cta" type="submit">Send to the owner</button></form>`,
    );
  }

  const thanks = (r: { business_name: string | null; review_url: string | null }) =>
    page(
      'Thank you',
      `<h1>Thank you!</h1><p>${escapeHtml(r.business_name ?? 'The business')} will read your note.</p>${reviewLink(r)}`,
    );

  app.get<{ Params: { token: string } }>(
    '/review/:token',
    { schema: { params: TokenParams }, config: { rateLimit: rateLimit(ctx, 'manage') } },
    async (req, reply) => {
      const r = await reviewOf(req.params.token);
      if (!r) return gone(reply);
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      return reply.send(ratingPage(r, req.params.token));
    },
  );

  app.post<{ Params: { token: string }; Body: { rating: number } }>(
    '/review/:token',
    { schema: { params: TokenParams, body: RatingForm }, config: { rateLimit: rateLimit(ctx, 'manage') } },
    async (req, reply) => {
      const r = await reviewOf(req.params.token);
      if (!r) return gone(reply);
      await ctx.repos.reviews.rate(r.booking_id, req.body.rating, ctx.now());
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      return reply.send(ratedPage(r, req.params.token));
    },
  );

  app.post<{ Params: { token: string }; Body: { comment: string } }>(
    '/review/:token/comment',
    { schema: { params: TokenParams }, config: { rateLimit: rateLimit(ctx, 'manage') } },
    async (req, reply) => {
      const r = await reviewOf(req.params.token);
      if (!r) return gone(reply);
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      const parsed = CommentForm.safeParse(req.body);
      if (!parsed.success)
        return reply.status(400).send(ratedPage(r, req.params.token, parsed.error.issues[0]?.message));
      await ctx.repos.reviews.comment(r.booking_id, parsed.data.comment, ctx.now());
      return reply.send(thanks(r));
    },
  );
}
