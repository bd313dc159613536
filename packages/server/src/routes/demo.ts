/**
 * GET /demo: a stand-in for an owner's website with the widget's script tag, so a
 * newcomer can try the booking pop-up (docs/architecture.md#running-it-scaling-out). ?businessId= picks the
 * business; without it, the seeded demo business (demo-seed.ts). An id that is not
 * found is still served: the widget then warns once and shows nothing, as it would
 * on a real site.
 */
import { Id } from '@slotwise/shared/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { findDemoBusinessId } from '../demo-seed.ts';
import { escapeHtml } from '../html.ts';

const DemoQuery = z.object({ businessId: Id.optional() });

function demoPage(businessId: string, publicUrl: string): string {
  const id = escapeHtml(businessId);
  const snippet = escapeHtml(`<script src="${publicUrl}/widget.js" data-business-id="${businessId}" async></script>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo Detailing: mobile car detailing in Beverly Hills</title>
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<style>
  body { margin: 0; font: 17px/1.6 Georgia, "Times New Roman", serif; color: #1c1917; background: #fafaf9; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 18px 6vw; background: #1c1917; color: #fafaf9; }
  header strong { font-size: 22px; letter-spacing: 1px; }
  nav a { color: #d6d3d1; margin-left: 20px; text-decoration: none; }
  .hero { padding: 72px 6vw 56px; background: linear-gradient(135deg, #0f766e, #134e4a); color: #fff; }
  .hero h1 { margin: 0 0 12px; font-size: clamp(30px, 5vw, 52px); line-height: 1.1; }
  .hero p { max-width: 620px; font-size: 20px; }
  main { padding: 32px 6vw 120px; max-width: 980px; }
  .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 18px; }
  .card { background: #fff; border: 1px solid #e7e5e4; border-radius: 6px; padding: 18px; }
  .note { margin-top: 40px; padding: 16px; border: 2px dashed #a8a29e; border-radius: 6px; font: 14px/1.5 ui-monospace, monospace; }
  .note code { display: block; margin-top: 8px; word-break: break-all; color: #0f766e; }
</style>
</head>
<body>
<header><strong>DEMO DETAILING</strong><nav><a href="#services">Services</a><a href="#about">About</a><a href="#contact">Contact</a></nav></header>
<section class="hero">
  <h1>Showroom shine, in your driveway.</h1>
  <p>Mobile car detailing across Beverly Hills and the Westside. Get an instant quote and pick a time with the <b>Book now</b> button in the corner.</p>
</section>
<main>
  <h2 id="services">Services</h2>
  <div class="cards">
    <div class="card"><h3>Exterior Wash</h3><p>Hand wash, wheels, tyres and a spray wax. About an hour.</p></div>
    <div class="card"><h3>Interior Detail</h3><p>Vacuum, steam clean, leather care and glass. About two hours.</p></div>
    <div class="card"><h3>Full Detail</h3><p>Everything, inside and out, with a clay bar and sealant. About three hours.</p></div>
  </div>
  <h2 id="about">About</h2>
  <p>Family run since 2009. We bring water, power and a lot of microfibre.</p>
  <h2 id="contact">Contact</h2>
  <p>(310) 555-0100, hello@demo-detailing.example</p>
  <div class="note">This page stands in for an owner's website. Its only Slotwise code is the embed tag from Dashboard &gt; Services:<code>${snippet}</code></div>
</main>
<script src="/widget.js" data-business-id="${id}" async></script>
</body>
</html>
`;
}

export async function demoRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Querystring: z.infer<typeof DemoQuery> }>(
    '/demo',
    { schema: { querystring: DemoQuery } },
    async (req, reply) => {
      const { businessId } = req.query;
      const id = businessId ?? (await findDemoBusinessId(ctx));
      reply.header('cache-control', 'no-store');
      if (!id) {
        return reply
          .status(404)
          .type('text/plain; charset=utf-8')
          .send(
            'There is no demo business: the server runs with DEMO_SEED=off. Open /demo?businessId=<your business id> (Dashboard > Services > Embed Code shows it), or restart without DEMO_SEED=off.',
          );
      }
      return reply.type('text/html; charset=utf-8').send(demoPage(id, ctx.config.publicUrl));
    },
  );
}
