import { sql } from 'drizzle-orm';
import { isoOf, lockFor, selectRows, type Executor } from '@salon/service-kit';
import type { AppointmentActor } from './appointment.repository';

export type FeedOwnerType = 'staff' | 'customer';

export interface FeedOwner {
  type: FeedOwnerType;
  id: string;
}

export interface CalendarFeedRecord {
  id: string;
  tenant_id: string;
  owner_type: FeedOwnerType;
  owner_id: string;
  created_at: string;
}

const columns = sql`f.id, f.tenant_id, f.owner_type, f.owner_id, ${isoOf(sql`f.created_at`)} AS created_at`;

/** The owner's live feed, if any. */
export async function findLiveFeed(
  executor: Executor,
  tenantId: string,
  owner: FeedOwner,
): Promise<CalendarFeedRecord | undefined> {
  const [row] = await selectRows<CalendarFeedRecord>(
    executor,
    sql`SELECT ${columns} FROM scheduling.calendar_feeds f
        WHERE f.tenant_id = ${tenantId} AND f.owner_type = ${owner.type} AND f.owner_id = ${owner.id}
          AND f.revoked_at IS NULL`,
  );
  return row;
}

/** The live feed whose token hashes to `tokenHash` (any tenant: the token is the only key a feed request has). */
export async function findLiveFeedByTokenHash(
  executor: Executor,
  tokenHash: string,
): Promise<CalendarFeedRecord | undefined> {
  const [row] = await selectRows<CalendarFeedRecord>(
    executor,
    sql`SELECT ${columns} FROM scheduling.calendar_feeds f
        WHERE f.token_hash = ${tokenHash} AND f.revoked_at IS NULL`,
  );
  return row;
}

/** Serialises feed changes of one owner (two rotations at once: one after the other, one live feed left). */
export const lockFeedOwner = (tx: Executor, tenantId: string, owner: FeedOwner): Promise<void> =>
  lockFor(tx, 'scheduling.calendar-feeds', `${tenantId}:${owner.type}:${owner.id}`);

/** Revokes the owner's live feed; whether there was one. */
export async function revokeLiveFeed(tx: Executor, tenantId: string, owner: FeedOwner): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`UPDATE scheduling.calendar_feeds SET revoked_at = now()
        WHERE tenant_id = ${tenantId} AND owner_type = ${owner.type} AND owner_id = ${owner.id}
          AND revoked_at IS NULL
        RETURNING id`,
  );
  return rows.length > 0;
}

export async function insertFeed(
  tx: Executor,
  feed: { id: string; tenantId: string; owner: FeedOwner; tokenHash: string; createdBy: AppointmentActor },
): Promise<CalendarFeedRecord> {
  const [row] = await selectRows<CalendarFeedRecord>(
    tx,
    sql`INSERT INTO scheduling.calendar_feeds AS f
          (id, tenant_id, owner_type, owner_id, token_hash, created_by_type, created_by_id)
        VALUES (${feed.id}, ${feed.tenantId}, ${feed.owner.type}, ${feed.owner.id}, ${feed.tokenHash},
          ${feed.createdBy.type}, ${feed.createdBy.id})
        RETURNING ${columns}`,
  );
  return row as CalendarFeedRecord;
}
