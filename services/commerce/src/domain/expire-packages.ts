import type { RequestContext } from '@salon/service-kit';
import { expireDuePackages } from '../db/customer-package.repository';
import type { CommerceDeps } from './deps';

/** The CronJob's sweep: packages whose validity passed with credits left are stored as expired; how many. */
export async function expirePackages(deps: CommerceDeps, _ctx: RequestContext): Promise<number> {
  return deps.db.withTx((tx) => expireDuePackages(tx));
}
