import type { InboxHandler } from '@salon/messaging';
import { sendPrepared } from '../../domain/deliver-notification';
import type { NotificationsDeps } from '../../domain/deps';
import { saveCustomer } from '../../domain/replica-updates';
import { prepareVerificationCodes } from '../../domain/verification-codes';

/**
 * identity.customer.registered.v1: the customer replica, and the verification codes prepared inside the inbox
 * transaction and sent once it has committed (never while holding it).
 */
export const onIdentityCustomerRegistered =
  (deps: NotificationsDeps): InboxHandler<'identity.customer.registered.v1'> =>
  async (data, { tx, event, afterCommit }) => {
    await saveCustomer(tx, data);
    const codes = await prepareVerificationCodes(tx, data, event.id);
    afterCommit(() => sendPrepared(deps, codes));
  };
