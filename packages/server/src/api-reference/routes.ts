/** Serves the API's description: the OpenAPI document and the reference page, each built once, on first request. */
import type { AppContext } from '../context.ts';
import type { Handlers } from '../routes/register.ts';
import { renderDocsPage } from './docs-page.ts';
import { buildOpenApi } from './openapi.ts';

/** The page has no script; only its own inline style is allowed. */
const DOCS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function apiReferenceHandlers(ctx: AppContext): Handlers<'meta', 'openapi' | 'docs'> {
  let json: string | undefined;
  let page: string | undefined;
  const openApiJson = () => (json ??= JSON.stringify(buildOpenApi(ctx.config.publicUrl)));
  return {
    openapi: async (_req, reply) =>
      reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(openApiJson()),
    docs: async (_req, reply) => {
      page ??= renderDocsPage(JSON.parse(openApiJson()));
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', DOCS_CSP)
        .header('cache-control', 'no-cache')
        .send(page);
    },
  };
}
