import { hashToken, newId, newSecretToken, tenantIn, type RequestContext } from '@salon/service-kit';
import {
  findLiveFeed,
  insertFeed,
  lockFeedOwner,
  revokeLiveFeed,
  type CalendarFeedRecord,
  type FeedOwner,
} from '../db/calendar-feed.repository';
import { actorIn } from './callers';
import type { SchedulingDeps } from './deps';

/** How the owner is found and checked for this caller (calendar-feed-access). */
export type OwnerOf = (deps: SchedulingDeps, ctx: RequestContext) => Promise<FeedOwner>;

/**
 * POST …/calendar-feed: a new secret feed token for the owner. Any live feed is revoked in the same transaction
 * (rotation: the old URL is 404 from then on). The token is answered once and kept only as its SHA-256.
 */
export async function createCalendarFeed(
  deps: SchedulingDeps,
  ctx: RequestContext,
  ownerOf: OwnerOf,
): Promise<{ feed: CalendarFeedRecord; token: string }> {
  const tenantId = tenantIn(ctx);
  return deps.db.withTx(async (tx) => {
    const owner = await ownerOf(deps, ctx);
    await lockFeedOwner(tx, tenantId, owner);
    await revokeLiveFeed(tx, tenantId, owner);
    const token = newSecretToken();
    const feed = await insertFeed(tx, {
      id: newId(),
      tenantId,
      owner,
      tokenHash: hashToken(token),
      createdBy: actorIn(ctx),
    });
    return { feed, token };
  });
}

/** GET …/calendar-feed: the owner and its live feed, if any (never its token). */
export async function getCalendarFeed(
  deps: SchedulingDeps,
  ctx: RequestContext,
  ownerOf: OwnerOf,
): Promise<{ owner: FeedOwner; feed: CalendarFeedRecord | undefined }> {
  const owner = await ownerOf(deps, ctx);
  return { owner, feed: await findLiveFeed(deps.db.orm, tenantIn(ctx), owner) };
}

/** DELETE …/calendar-feed: revokes the live feed, if any (its URL answers 404 from then on); idempotent. */
export async function revokeCalendarFeed(
  deps: SchedulingDeps,
  ctx: RequestContext,
  ownerOf: OwnerOf,
): Promise<void> {
  const tenantId = tenantIn(ctx);
  await deps.db.withTx(async (tx) => {
    const owner = await ownerOf(deps, ctx);
    await lockFeedOwner(tx, tenantId, owner);
    await revokeLiveFeed(tx, tenantId, owner);
  });
}
