/**
 * Route schemas are the zod schemas of shared/src/api.ts, named by the route table
 * (shared/src/routes.ts). This teaches Fastify to validate requests with them, turning
 * the first problem into `{error, code}` a person can act on, and (in development and
 * tests) to check every answer against its declared schema.
 */
import * as api from '@slotwise/shared/api';
import type { SchemaName } from '@slotwise/shared/routes';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.ts';

/** The schemas of shared/src/api.ts by name, as the route table names them. */
const SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(
  Object.entries(api as Record<string, unknown>).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType),
);
export function schemaNamed(name: SchemaName): z.ZodType {
  const schema = SCHEMAS.get(name);
  if (!schema) throw new Error(`shared/src/api.ts exports no schema ${name}`);
  return schema;
}

const BODY_NOT_OBJECT = 'Send the body as a JSON object (Content-Type: application/json).';

/** Whether a route's body schema lets the caller send no body at all (shared/src/routes.ts, RouteDef.body). */
export function bodyMayBeAbsent(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

const compiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const absentAllowed = httpPart === 'body' && bodyMayBeAbsent(schema);
  return (data) => {
    // Fastify hands a missing body over as null, so a JSON null counts as no body too.
    if ((data === undefined || data === null) && absentAllowed) return { value: undefined };
    // A missing, text or array body would otherwise surface as zod's "expected object, received ...".
    if (httpPart === 'body' && (data === null || typeof data !== 'object' || Array.isArray(data)))
      return { error: new AppError('INVALID_BODY', BODY_NOT_OBJECT) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new AppError('VALIDATION_FAILED', describeZodError(result.error)) };
  };
};

function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  // Messages in shared/api.ts are full sentences naming the field; zod's defaults are not, so add the field.
  const field = issue.path.join('.');
  // A field a strict object (z.strictObject) does not declare: zod says `Unrecognized key: "x"`.
  if (issue.code === 'unrecognized_keys')
    return `${[...issue.path, issue.keys[0]].join('.')} is not a field of this call: remove it, or check its spelling against the API reference (GET /api/docs).`;
  const own = /[.!?]$/.test(issue.message);
  return own || !field ? issue.message : `${field}: ${issue.message}.`;
}

/**
 * What is wrong with an answer, or null when it matches its schema exactly: a value
 * the schema refuses, or a field it does not declare (zod would silently drop it,
 * which is how a handler leaks a column nobody meant to publish).
 */
export function answerProblem(schema: z.ZodType, answer: unknown): string | null {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) return describeZodError(parsed.error);
  const extra = undeclared(answer, parsed.data, '');
  return extra ? `${extra} is not declared by the answer's schema` : null;
}

/** The path of the first key of `sent` that parsing dropped. */
function undeclared(sent: unknown, kept: unknown, at: string): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undeclared(sent[i], kept[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (sent && kept && typeof sent === 'object' && typeof kept === 'object') {
    for (const [key, value] of Object.entries(sent)) {
      const path = at ? `${at}.${key}` : key;
      if (value !== undefined && !(key in kept)) return path;
      const found = undeclared(value, (kept as Record<string, unknown>)[key], path);
      if (found) return found;
    }
  }
  return null;
}

export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(compiler);
  // Answers are serialised as plain JSON; routes/register.ts checks them against their schema where asked.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
