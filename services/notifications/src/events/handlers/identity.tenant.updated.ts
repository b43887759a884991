import type { InboxHandler } from '@salon/messaging';
import { saveTenant } from '../../domain/replica-updates';

/** identity.tenant.updated.v1: the tenant replica (name, timezone, language, currency). */
export const onIdentityTenantUpdated: InboxHandler<'identity.tenant.updated.v1'> = (data, { tx }) =>
  saveTenant(tx, data);
