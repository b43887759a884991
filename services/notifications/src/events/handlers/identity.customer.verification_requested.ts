import type { InboxHandler } from '@salon/messaging';
import { sendPrepared } from '../../domain/deliver-notification';
import type { NotificationsDeps } from '../../domain/deps';
import { prepareRequestedCode } from '../../domain/verification-codes';

/**
 * identity.customer.verification_requested.v1 (a resend, a changed phone): the new code prepared inside the
 * inbox transaction and sent once it has committed, like the registration's codes.
 */
export const onIdentityCustomerVerificationRequested =
  (deps: NotificationsDeps): InboxHandler<'identity.customer.verification_requested.v1'> =>
  async (data, { tx, event, afterCommit }) => {
    const codes = await prepareRequestedCode(tx, data, event.id);
    afterCommit(() => sendPrepared(deps, codes));
  };
