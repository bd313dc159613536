/**
 * GET /media/logos/{business}-{hash}.{ext}: a business's logo (decision 020), for its widget on
 * any site, its booking page and its customer pages. The URL names the image's hash, so an
 * answer never changes and may be kept for a year; a replaced logo's old URL answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';

const LogoParams = z.object({ file: z.string().max(120) });
const FILE = /^([0-9a-f-]{36})-([0-9a-f]{16})\.(png|jpg|webp)$/;

export async function mediaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: z.infer<typeof LogoParams> }>('/media/logos/:file', async (req, reply) => {
    const match = FILE.exec(req.params.file);
    const logo = match ? await ctx.repos.logos.findByHash(match[1]!, match[2]!) : undefined;
    if (!logo) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('No such logo.');
    }
    return reply
      .type(logo.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(logo.data_base64, 'base64'));
  });
}
