/**
 * Registers every API route from the route table (shared/src/routes.ts): its method
 * and path, its request schemas (validated by plugins/validation.ts), its rate limit,
 * the owner guard for owner calls (the crew guard for crew calls), and its success status.
 * Handlers are written per table entry and get typed `body`, `query` and `params` (and, for
 * owner calls, the owner's session with their business; for crew calls, the crew member's
 * with their crew and its business), so no handler casts what it received.
 *
 * With `config.checkAnswers` (development and tests) every answer is checked against
 * the schema its route declares (errors against ErrorBody): an answer that does not
 * match, or carries a field the schema does not declare, becomes a 500 and a log line,
 * so a test that calls the route fails.
 */
import * as api from '@slotwise/shared/api';
import { PHOTO_MAX_BYTES } from '@slotwise/shared/api';
import {
  type AnswerOf,
  type Group,
  type InputOf,
  type OutputOf,
  type RouteDef,
  type Routes,
  routes,
  type SchemaName,
} from '@slotwise/shared/routes';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preParsingHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { AppContext } from '../context.ts';
import { type CrewSession, crewGuard, type OwnerSession, ownerGuard } from '../plugins/auth.ts';
import { readPhotoBodies } from '../plugins/body-limit.ts';
import { rateLimit } from '../plugins/rate-limits.ts';
import { answerProblem, schemaNamed } from '../plugins/validation.ts';

const PHOTO_TOO_LARGE = `The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Choose it again from the app (which shrinks it) or pick a smaller photo.`;

type Part<N, Else> = N extends SchemaName ? OutputOf<N> : Else;

/**
 * A query as it arrives, before validation (a preParsing hook sees it so): each parameter the
 * route's query schema declares, absent, a string, or several strings when it is repeated.
 */
export type RawQuery<N> = (N extends SchemaName ? { [K in keyof InputOf<N>]?: string | string[] } : unknown) & {
  [undeclared: string]: string | string[] | undefined;
};

/** A route's preParsing hook (the slots cache's early answer), typed from its table entry: its query as sent. */
type PreParsing<R extends RouteDef> = preParsingHookHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  { Querystring: RawQuery<R['query']> }
>;

/** The request a route's handler gets: the parts its table entry declares, parsed. */
type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Body: R['upload'] extends 'photo' ? Buffer | undefined : Part<R['body'], undefined>;
  Querystring: Part<R['query'], Record<string, never>>;
  Params: Part<R['params'], Record<string, never>>;
}> &
  (R['auth'] extends 'owner' ? { owner: OwnerSession } : unknown) &
  (R['auth'] extends 'crew' ? { crew: CrewSession } : unknown);

/** Answers the route's declared answer, or sends one itself through `reply` (replays, downloads). */
type Handler<R extends RouteDef> = (req: RouteRequest<R>, reply: FastifyReply) => Promise<AnswerOf<R> | FastifyReply>;

/**
 * A handler, or one with the Fastify hooks its route needs besides (the slots cache's early answer),
 * or a `scope`: the route is then registered in an encapsulated context of its own, which `scope`
 * prepares first (the beacon's text/plain JSON parser, routes/customer/beacon.ts), so nothing it adds
 * reaches any other route.
 */
type RouteHandler<R extends RouteDef> =
  | Handler<R>
  | { handler: Handler<R>; preParsing?: PreParsing<R>; scope?: (app: FastifyInstance) => void };

type Entry<G extends Group, N extends keyof Routes[G]> = Routes[G][N] extends RouteDef
  ? RouteHandler<Routes[G][N]>
  : never;

/** The handlers of some calls of one group of the table. */
export type Handlers<G extends Group, N extends keyof Routes[G] = keyof Routes[G]> = { [K in N]: Entry<G, K> };
/** One handler for every call of the table: the type checker refuses a missing one. */
export type AllHandlers = { [G in Group]: Handlers<G> };

/** The check of `config.checkAnswers`: every JSON answer against its declared schema. */
function answerCheck(def: RouteDef): onSendHookHandler {
  const success = typeof def.response === 'string' ? schemaNamed(def.response) : undefined;
  return (req, reply, payload, done) => {
    const error = reply.statusCode >= 400;
    const declared = error ? api.ErrorBody : success;
    // Kept answers are sent as bytes (routes/customer/slots-cache.ts) and checked too; bytes the
    // compression hook made (content-encoding set) are not JSON text, and pass unread, as before.
    const bytes = Buffer.isBuffer(payload) && !reply.hasHeader('content-encoding');
    const text = typeof payload === 'string' ? payload : bytes ? payload.toString('utf8') : undefined;
    if (!declared || text === undefined) return done(null, payload);
    let problem: string | null;
    try {
      problem = answerProblem(declared, JSON.parse(text));
    } catch {
      problem = 'it is not JSON';
    }
    if (!problem) return done(null, payload);
    req.log.error({ route: `${def.method} ${def.path}`, problem }, 'answer does not match its declared schema');
    reply.code(500).type('application/json; charset=utf-8');
    done(
      null,
      JSON.stringify({
        error: `The answer of ${def.method} ${def.path} does not match its schema: ${problem}.`,
        code: 'INTERNAL',
      }),
    );
  };
}

export function registerRoutes(app: FastifyInstance, ctx: AppContext, handlers: AllHandlers): void {
  const guards = { owner: ownerGuard(ctx), crew: crewGuard(ctx) };
  app.decorateRequest('owner', null);
  app.decorateRequest('crew', null);
  for (const [group, calls] of Object.entries(routes) as [Group, Record<string, RouteDef>][]) {
    const byName = handlers[group] as Record<string, RouteHandler<RouteDef>>;
    for (const [name, def] of Object.entries(calls)) {
      const entry = byName[name];
      if (!entry) throw new Error(`No handler for ${group}.${name} (${def.method} ${def.path})`);
      const handle = typeof entry === 'function' ? entry : entry.handler;
      const status = def.status ?? 200;
      const options: RouteOptions = {
        method: def.method,
        url: def.path,
        schema: {
          ...(def.params ? { params: schemaNamed(def.params) } : {}),
          ...(def.query ? { querystring: schemaNamed(def.query) } : {}),
          ...(def.body ? { body: schemaNamed(def.body) } : {}),
        },
        config: { rateLimit: def.limit ? rateLimit(ctx, def.limit) : false },
        // Before body validation: an unauthenticated caller gets 401 whatever it sent.
        ...(def.auth === 'none' ? {} : { onRequest: guards[def.auth] }),
        // Typed per route above; Fastify's route options take the untyped hook.
        ...(typeof entry === 'function' || !entry.preParsing
          ? {}
          : { preParsing: entry.preParsing as preParsingHookHandler }),
        ...(ctx.config.checkAnswers ? { onSend: answerCheck(def) } : {}),
        handler: (req, reply) => {
          reply.code(status);
          return handle(req as RouteRequest<RouteDef>, reply);
        },
      };
      const own = typeof entry === 'function' ? undefined : entry.scope;
      // A photo upload reads its raw bytes, in a scope of its own (plugins/body-limit.ts).
      const scope = def.upload
        ? (scoped: FastifyInstance) => {
            readPhotoBodies(scoped, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE);
            own?.(scoped);
          }
        : own;
      if (!scope) app.route(options);
      else
        app.register(async (own) => {
          scope(own);
          own.route(options);
        });
    }
  }
}
