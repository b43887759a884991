import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from './db/database';
import { assertIdentifier, type Migration } from './db/migrate';

/** The idempotency keys of one service's schema; added to every service by the runtime, like the outbox. */
export function idempotencyMigrations(schema: string): Migration[] {
  assertIdentifier(schema);
  return [
    {
      name: 'idempotency_0001_keys',
      sql: `
CREATE TABLE "${schema}".idempotency_keys (
  tenant_id text NOT NULL,
  caller text NOT NULL,
  route text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  claim_id text NOT NULL,
  status int,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, caller, route, key)
);
CREATE INDEX idempotency_keys_created_at ON "${schema}".idempotency_keys (created_at);
`,
    },
  ];
}

/** Whose key it is: a key means something only for one caller of one tenant on one route. */
export interface IdempotencyScope {
  tenantId: string;
  caller: string;
  route: string;
  key: string;
}

/** The first answer, as sent: its status and its JSON text. */
export interface StoredAnswer {
  status: number;
  body: string;
}

export type IdempotencyClaim =
  | { state: 'claimed'; claimId: string }
  | { state: 'in-progress'; fingerprint: string }
  | { state: 'answered'; fingerprint: string; answer: StoredAnswer };

export interface IdempotencyStoreOptions {
  /** How long a key is remembered (24 hours). */
  ttlMs?: number;
  /**
   * After how long an unanswered claim is abandoned (its process died) and a retry with the same request may
   * take it over: far longer than the gateway waits for an answer.
   */
  leaseMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60_000;

const millis = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

interface KeyRow {
  fingerprint: string;
  status: number | null;
  body: string | null;
}

/** The rows behind the idempotency middleware: claim a key, store its answer, or release it. */
export class IdempotencyStore {
  private readonly ttlMs: number;
  private readonly leaseMs: number;
  private lastCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly schema: string,
    options: IdempotencyStoreOptions = {},
  ) {
    assertIdentifier(schema);
    this.ttlMs = options.ttlMs ?? DAY_MS;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  private get table() {
    return sql`${sql.identifier(this.schema)}.idempotency_keys`;
  }

  private whereKey(scope: IdempotencyScope) {
    return sql`tenant_id = ${scope.tenantId} AND caller = ${scope.caller} AND route = ${scope.route}
               AND key = ${scope.key}`;
  }

  /**
   * Claims the key for this request, or says who holds it. The INSERT … ON CONFLICT is the one place two
   * concurrent requests meet: exactly one of them gets its claim id back. An expired key, or an abandoned
   * claim of the same request, is taken over in the same statement.
   */
  async claim(scope: IdempotencyScope, fingerprint: string): Promise<IdempotencyClaim> {
    await this.deleteExpiredNowAndThen();
    const claimId = randomUUID();
    const ttl = millis(this.ttlMs);
    const lease = millis(this.leaseMs);
    // A row deleted between the two statements (a released claim) is claimed on the next round.
    for (;;) {
      const claimed = await selectRows<{ claim_id: string }>(
        this.db.orm,
        sql`INSERT INTO ${this.table} AS held (tenant_id, caller, route, key, fingerprint, claim_id)
            VALUES (${scope.tenantId}, ${scope.caller}, ${scope.route}, ${scope.key}, ${fingerprint}, ${claimId})
            ON CONFLICT (tenant_id, caller, route, key) DO UPDATE
              SET fingerprint = EXCLUDED.fingerprint, claim_id = EXCLUDED.claim_id, status = NULL, body = NULL,
                  created_at = now(), claimed_at = now()
              WHERE held.created_at < now() - ${ttl}
                 OR (held.status IS NULL AND held.claimed_at < now() - ${lease}
                     AND held.fingerprint = EXCLUDED.fingerprint)
            RETURNING claim_id`,
      );
      if (claimed[0]?.claim_id === claimId) return { state: 'claimed', claimId };
      const [held] = await selectRows<KeyRow>(
        this.db.orm,
        sql`SELECT fingerprint, status, body FROM ${this.table} WHERE ${this.whereKey(scope)}`,
      );
      if (held === undefined) continue;
      if (held.status === null || held.body === null)
        return { state: 'in-progress', fingerprint: held.fingerprint };
      return {
        state: 'answered',
        fingerprint: held.fingerprint,
        answer: { status: held.status, body: held.body },
      };
    }
  }

  /** Stores the first answer of the claim; a retry replays it from now on. */
  async complete(scope: IdempotencyScope, claimId: string, answer: StoredAnswer): Promise<void> {
    await this.db.orm.execute(
      sql`UPDATE ${this.table} SET status = ${answer.status}, body = ${answer.body}
          WHERE ${this.whereKey(scope)} AND claim_id = ${claimId}`,
    );
  }

  /** Forgets the claim (its request failed), so a retry runs the request again. */
  async release(scope: IdempotencyScope, claimId: string): Promise<void> {
    await this.db.orm.execute(
      sql`DELETE FROM ${this.table} WHERE ${this.whereKey(scope)} AND claim_id = ${claimId}`,
    );
  }

  /** Expired keys are ignored by `claim`; deleting them at most once a minute keeps the table small. */
  private async deleteExpiredNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    await this.db.orm.execute(
      sql`DELETE FROM ${this.table} WHERE created_at < now() - ${millis(this.ttlMs)}`,
    );
  }
}
