/**
 * GET /api/openapi.json: the API as OpenAPI 3.1, generated from the route table
 * (shared/src/routes.ts) and the zod schemas it names (shared/src/api.ts), never
 * written by hand. zod writes JSON Schema 2020-12, which OpenAPI 3.1 uses as is.
 * A test compares it with the routes the server registers (test/api-reference.test.ts).
 */
import { ERRORS } from '@slotwise/shared/errors';
import { eachRoute, type RouteDef, type Routes, routeSummaries, type SchemaName } from '@slotwise/shared/routes';
import { z } from 'zod';
import { bodyMayBeAbsent, schemaNamed } from '../plugins/validation.ts';

type JsonSchema = Record<string, unknown>;

/** A schema as JSON Schema: requests as the caller writes them (input), answers as sent (output). */
function jsonSchema(name: SchemaName, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schemaNamed(name), { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/**
 * The component of a schema that is both a request body and an answer (OperationsSettings) describes
 * both, so it must read the same as written and as sent, or one of them is documented wrong. Issue 39:
 * the answer's version was written over the body's, and its `additionalProperties: false` (zod drops
 * an undeclared field from an answer's schema) stood for a body the server took with any field; a
 * plain z.object reads differently the two ways, so such a schema is strict (z.strictObject).
 */
function bodyAndAnswer(name: SchemaName): JsonSchema {
  const asBody = jsonSchema(name, 'input');
  if (JSON.stringify(asBody) !== JSON.stringify(jsonSchema(name, 'output')))
    throw new Error(
      `${name} is both a request body and an answer but reads differently as each: make it strict (z.strictObject), or give the answer a schema of its own in shared/src/api.ts`,
    );
  return asBody;
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
  if (def.params || def.query || def.body || def.upload || def.headers)
    responses['400'] = errorAnswer('The request is not valid.');
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
    summary: summaries[group]?.[name] ?? '',
    // A call anyone may make says so (an empty list), rather than leaving readers and tools to guess.
    security: def.auth === 'none' ? [] : [{ bearer: [] }],
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
    // A photo upload: the image's own bytes (docs/decisions/053).
    ...(def.upload
      ? {
          requestBody: {
            required: true,
            description: 'The photo: JPEG, PNG or WebP bytes, at most 8 MB (any Content-Type; the bytes decide).',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * What each group of calls is for (the OpenAPI tags). Here, not in the route table, so the apps do
 * not bundle them; the type makes a group without a description an error.
 */
const GROUP_DESCRIPTIONS: { [G in keyof Routes]: string } = {
  meta: 'The API itself: health, this description, and the calendar feed an owner or crew member subscribes to.',
  auth: "Signing up, logging in (owners and crew members), a forgotten password, and a crew member's invitation.",
  account: "The owner's own account: its login e-mail and phone number, the password, and every booking as CSV.",
  onboarding: "The three steps after signing up (the business's name, trade and address), and its profile.",
  places: 'Address suggestions as the customer or the owner types (no login).',
  feedback: 'Bug reports and feature requests from any page (no login).',
  customer:
    "The customer's calls (no login): the booking widget's (callable from any website), and the manage links' reschedule, cancel and price answer.",
  quoteLink:
    "The customer's quote link (no login): the quote an owner sent, booked at its price on a free time, or declined.",
  invoiceLink:
    "The customer's pay link (no login): the invoice after the job, and its Stripe Checkout page with a tip.",
  dashboard:
    "The owner's dashboard: bookings, calendar, blocked times, hours, services, quote questions, pricing and settings.",
  crew: "A crew member's own calls: their schedule, starting and completing jobs, their calendar feed.",
  webhooks: "Stripe's and Twilio's signed calls to us: payments, and replies to a business's number.",
};

/** One line per call, from each call's domain module. */
const summaries = routeSummaries() as Record<string, Record<string, string>>;

const ERROR_CODES_TEXT = Object.entries(ERRORS)
  .filter(([, e]) => e.status > 0)
  .map(([code, e]) => `- \`${code}\` (${e.status}): ${e.meaning}`)
  .join('\n');

export function buildOpenApi(publicUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = { ErrorBody: jsonSchema('ErrorBody', 'output') };
  const bodies = new Set<SchemaName>();
  const answers = new Set<SchemaName>();
  for (const [group, name, def] of eachRoute()) {
    const path = openApiPath(def.path);
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = operation(group, name, def);
    if (def.body) bodies.add(def.body);
    if (typeof def.response === 'string') answers.add(def.response);
  }
  for (const name of bodies) schemas[name] = answers.has(name) ? bodyAndAnswer(name) : jsonSchema(name, 'input');
  for (const name of answers) if (!bodies.has(name)) schemas[name] = jsonSchema(name, 'output');
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
    // In the route table's order (GROUP_DESCRIPTIONS follows it).
    tags: Object.entries(GROUP_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas,
    },
  };
}
