/**
 * Route schemas are the zod schemas of shared/api.ts. This teaches Fastify to
 * validate with them and turns the first problem into {error} a person can act on.
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

export const BODY_NOT_OBJECT = 'Send the body as a JSON object (Content-Type: application/json).';

const compiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A missing, text or array body would otherwise surface as zod's "expected object, received ...".
    if (httpPart === 'body' && (data === null || typeof data !== 'object' || Array.isArray(data)))
      return { error: Object.assign(new Error(BODY_NOT_OBJECT), { statusCode: 400 }) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new ValidationError(result.error) };
  };

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(error: z.ZodError) {
    super(describeZodError(error));
    this.name = 'ValidationError';
  }
}

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  // Messages in shared/api.ts are full sentences naming the field; zod's defaults are not, so add the field.
  const field = issue.path.join('.');
  const own = /[.!?]$/.test(issue.message);
  return own || !field ? issue.message : `${field}: ${issue.message}.`;
}

export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(compiler);
  // Responses are typed by the handlers; serialise as plain JSON.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
