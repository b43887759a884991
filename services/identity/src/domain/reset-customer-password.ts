import { badRequest, type RequestContext } from '@salon/service-kit';
import { updateCustomer } from '../db/customer.repository';
import type { IdentityDeps } from './deps';
import {
  PASSWORD_RESET,
  consumeResetCode,
  customerAccount,
  customerForReset,
  invalidResetCode,
  passwordChanged,
} from './password-resets';
import { hashPassword } from './passwords';

/** POST /customer/auth/password/reset: the code and a new password; refused alike for anyone unknown. */
export async function resetCustomerPassword(
  deps: IdentityDeps,
  ctx: RequestContext,
  input: { tenant_slug: string; email?: string; phone?: string; code: string; new_password: string },
) {
  const newHash = await hashPassword(input.new_password, deps.passwordCostLog2);
  const customer = await customerForReset(deps, input);
  const reset =
    customer !== undefined &&
    (await deps.db.withTx(async (tx) => {
      const account = customerAccount(customer);
      if (!(await consumeResetCode(tx, account, input.code))) return false;
      await updateCustomer(tx, customer.id, { password_hash: newHash });
      await passwordChanged(deps, tx, ctx, account, 'reset');
      return true;
    }));
  if (!reset) throw badRequest(invalidResetCode);
  return PASSWORD_RESET;
}
