/**
 * GET /api/openapi.json: the API as OpenAPI 3.1, generated from the route table
 * (shared/src/routes.ts) and the zod schemas it names (shared/src/api.ts), never
 * written by hand. zod writes JSON Schema 2020-12, which OpenAPI 3.1 uses as is.
 * A test compares it with the routes the server registers (test/api-reference.test.ts).
 */
import { ERRORS } from '@slotwise/shared/errors';
import { eachRoute, type RouteDef, routeSummaries, type SchemaName } from '@slotwise/shared/routes';
import { z } from 'zod';
import { bodyMayBeAbsent, schemaNamed } from '../plugins/validation.ts';

type JsonSchema = Record<string, unknown>;

/** A schema as JSON Schema: requests as the caller writes them (input), answers as sent (output). */
function jsonSchema(name: SchemaName, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schemaNamed(name), { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** "/booking/approve/:id" -> "/booking/approve/{id}" */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(def: RouteDef): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, name] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!name) continue;
    const s = jsonSchema(name, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [param, schema] of Object.entries(s.properties ?? {}))
      out.push({ name: param, in: where, required: where === 'path' || (s.required ?? []).includes(param), schema });
  }
  for (const header of def.headers ?? [])
    out.push({
      name: header,
      in: 'header',
      required: true,
      description: 'A new random id (a UUID) per booking; a retry with the same key answers the first answer.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,128}$' },
    });
  return out;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

function operation(group: string, name: string, def: RouteDef): JsonSchema {
  const ok =
    typeof def.response === 'string'
      ? {
          description: 'OK',
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${def.response}` } } },
        }
      : { description: def.response.description, content: { [def.response.mediaType]: {} } };
  const responses: Record<string, unknown> = { [String(def.status ?? 200)]: ok };
  if (def.params || def.query || def.body || def.headers) responses['400'] = errorAnswer('The request is not valid.');
  if (def.auth !== 'none')
    responses['401'] = errorAnswer(
      def.auth === 'crew' ? "No valid crew member's session: log in." : "No valid owner's session: log in.",
    );
  if (def.limit) responses['429'] = errorAnswer('Too many calls; wait the Retry-After seconds.');
  responses['4XX'] = errorAnswer('Refused; `code` says why (see the list of error codes).');
  responses['5XX'] = errorAnswer('The server failed; try again.');
  return {
    operationId: `${group}.${name}`,
    tags: [group],
    summary: (routeSummaries as Record<string, Record<string, string>>)[group]?.[name] ?? '',
    ...(def.auth !== 'none' ? { security: [{ bearer: [] }] } : {}),
    ...(def.auth === 'crew' ? { 'x-login': 'crew' } : {}),
    ...(def.crossOrigin ? { 'x-cross-origin': true } : {}),
    parameters: parameters(def),
    ...(def.body
      ? {
          requestBody: {
            required: !bodyMayBeAbsent(schemaNamed(def.body)),
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${def.body}` } } },
          },
        }
      : {}),
    responses,
  };
}

const ERROR_CODES_TEXT = Object.entries(ERRORS)
  .filter(([, e]) => e.status > 0)
  .map(([code, e]) => `- \`${code}\` (${e.status}): ${e.meaning}`)
  .join('\n');

export function buildOpenApi(publicUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = { ErrorBody: jsonSchema('ErrorBody', 'output') };
  for (const [group, name, def] of eachRoute()) {
    const path = openApiPath(def.path);
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = operation(group, name, def);
    if (def.body) schemas[def.body] = jsonSchema(def.body, 'input');
    if (typeof def.response === 'string') schemas[def.response] = jsonSchema(def.response, 'output');
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Slotwise API',
      version: '1',
      description: [
        "Instant quotes and bookings for local service businesses. Owner calls need `Authorization: Bearer <token>` from an owner's log-in,",
        "crew calls (marked `x-login: crew`) one from a crew member's; each refuses the other's token.",
        'calls marked `x-cross-origin` may be made from any website (the booking widget makes them).',
        'Every error answer is `{error, code}`: `error` is a sentence for a person, `code` one of:',
        '',
        ERROR_CODES_TEXT,
      ].join('\n'),
    },
    servers: [{ url: publicUrl }],
    tags: [...new Set(eachRoute().map(([group]) => group))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas,
    },
  };
}
