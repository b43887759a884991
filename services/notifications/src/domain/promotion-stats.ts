import type { RequestContext } from '@salon/service-kit';
import * as repo from '../db/notification.repository';
import type { NotificationsDeps } from './deps';
import { promotionHorizon } from './notification-rules';

/** The promotion statistics of the internal webhook: counts by status and the promoter's settings. */
export async function promotionStats(deps: NotificationsDeps, _ctx: RequestContext) {
  const counts = await repo.countsByStatus(
    deps.db.orm,
    promotionHorizon(deps.clock.now(), deps.config.PROMOTION_WINDOW_DAYS),
  );
  return {
    pending_mongodb: counts.pending ?? 0,
    ready_for_promotion: counts.ready ?? 0,
    promoted: counts.promoted ?? 0,
    failed: counts.failed ?? 0,
    promotion_window_days: deps.config.PROMOTION_WINDOW_DAYS,
    promoter_batch_size: deps.config.PROMOTER_BATCH_SIZE,
  };
}
