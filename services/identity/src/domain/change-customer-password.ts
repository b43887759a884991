import { badRequest, type RequestContext } from '@salon/service-kit';
import { replaceCustomerPasswordHash } from '../db/customer.repository';
import { currentCustomer } from './customer-access';
import type { IdentityDeps } from './deps';
import { assertNewPassword } from './password-change';
import { PASSWORD_CHANGED, customerAccount, passwordChanged } from './password-resets';

/** POST /customer/auth/password/change: as staff's, for the signed-in customer. */
export async function changeCustomerPassword(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: { current_password: string; new_password: string },
) {
  const customer = await currentCustomer(deps.db.orm, ctx);
  const newHash = await assertNewPassword(deps, customer.password_hash, input);
  const changed = await deps.db.withTx(async (tx) => {
    const from = customer.password_hash!;
    if (!(await replaceCustomerPasswordHash(tx, customer.id, { from, to: newHash }))) return false;
    await passwordChanged(deps, tx, ctx, customerAccount(customer), 'change');
    return true;
  });
  if (!changed) throw badRequest('Current password is incorrect');
  return PASSWORD_CHANGED;
}
