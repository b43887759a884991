import type { InboxHandler } from '@salon/messaging';
import { saveTenant } from '../../domain/replica-updates';

/** identity.tenant.registered.v1: the tenant replica (name, timezone, language, currency). */
export const onIdentityTenantRegistered: InboxHandler<'identity.tenant.registered.v1'> = (data, { tx }) =>
  saveTenant(tx, data);
