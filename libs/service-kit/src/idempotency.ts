import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Db } from './db/database';
import { conflict, invalidField } from './errors';
import { IdempotencyStore, type IdempotencyScope, type IdempotencyStoreOptions } from './idempotency-store';
import { routeTemplateOf } from './route-template';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer replayed from a stored first answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1–255 printable ASCII characters: what fits an HTTP header unchanged and a key column comfortably. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const KEY_LOC = ['header', IDEMPOTENCY_KEY_HEADER];

export interface IdempotencyOptions extends IdempotencyStoreOptions {
  /** How long a retry waits for the first request of its key to answer before a 409 (below the gateway's 10 s). */
  waitMs?: number;
  /** How often a waiting retry looks again. */
  pollMs?: number;
}

/** The JSON of a value with every object's keys sorted, so `{a, b}` and `{b, a}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": method, path with its ids and query, and the body. */
const fingerprintOf = (req: Request): string =>
  createHash('sha256')
    .update(canonicalJson({ method: req.method, url: req.originalUrl, body: req.body as unknown }))
    .digest('hex');

function scopeOf(req: Request, key: string): IdempotencyScope {
  const auth = req.auth;
  const caller =
    auth === undefined ? '' : auth.kind === 'staff' ? `staff:${auth.userId}` : `customer:${auth.customerId}`;
  return { tenantId: auth?.tenantId ?? '', caller, route: `${req.method} ${routeTemplateOf(req)}`, key };
}

const replay = (res: Response, answer: { status: number; body: string }) =>
  res.status(answer.status).set(IDEMPOTENT_REPLAYED_HEADER, 'true').type('json').send(answer.body);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `Idempotency-Key` on the routes that create something or move money: the first request with a key runs and
 * its answer (status and JSON body, 4xx included) is stored before it is sent; a retry with the same key and
 * the same request gets that answer again and runs nothing; the same key with another request is 422. A
 * retry arriving while the first still runs waits for its answer (409 past `waitMs`). A 5xx is not an answer
 * to keep: the key is released and a retry (or one already waiting) runs again. Without the header a request
 * runs as usual.
 * Mount after `authenticate` (keys are scoped by tenant and caller) and right before the handler.
 */
export class IdempotencyKeys {
  private readonly store: IdempotencyStore;
  private readonly waitMs: number;
  private readonly pollMs: number;

  constructor(db: Db, schema: string, options: IdempotencyOptions = {}) {
    this.store = new IdempotencyStore(db, schema, options);
    this.waitMs = options.waitMs ?? 8_000;
    this.pollMs = options.pollMs ?? 50;
  }

  guard(): RequestHandler {
    return async (req, res, next) => {
      const key = req.get(IDEMPOTENCY_KEY_HEADER);
      if (key === undefined) return next();
      if (!KEY_PATTERN.test(key))
        throw invalidField(KEY_LOC, 'Idempotency-Key must be 1 to 255 printable ASCII characters');
      const scope = scopeOf(req, key);
      const fingerprint = fingerprintOf(req);
      const giveUpAt = Date.now() + this.waitMs;
      for (;;) {
        const claim = await this.store.claim(scope, fingerprint);
        if (claim.state === 'claimed') {
          this.keepFirstAnswer(req, res, scope, claim.claimId);
          return next();
        }
        if (claim.fingerprint !== fingerprint)
          throw invalidField(
            KEY_LOC,
            'Idempotency-Key was already used with a different request',
            'idempotency_key_reused',
          );
        if (claim.state === 'answered') return void replay(res, claim.answer);
        if (Date.now() >= giveUpAt)
          throw conflict('A request with this Idempotency-Key is still in progress; retry later');
        await sleep(this.pollMs);
      }
    };
  }

  /**
   * Wraps `res.json`, through which the handler's answer and the error middleware's both go: the answer is
   * stored (or the claim released, for a 5xx) before it is sent, so a retry that sees no stored answer knows
   * the first request is still running.
   */
  private keepFirstAnswer(req: Request, res: Response, scope: IdempotencyScope, claimId: string): void {
    const send = res.json.bind(res);
    res.json = ((body: unknown) => {
      res.json = send;
      const status = res.statusCode;
      const settled =
        status >= 500
          ? this.store.release(scope, claimId)
          : this.store.complete(scope, claimId, { status, body: JSON.stringify(body) ?? 'null' });
      // The effect happened: the client gets its answer even when keeping it failed (the claim then stays
      // unanswered until its lease passes, and a retry runs the request again).
      void settled
        .catch((error: unknown) => req.log.warn({ err: error }, 'idempotency key not settled'))
        .finally(() => send(body));
      return res;
    }) as Response['json'];
  }
}
