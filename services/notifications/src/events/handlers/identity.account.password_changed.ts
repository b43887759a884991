import type { InboxHandler } from '@salon/messaging';
import { preparePasswordChanged } from '../../domain/account-messages';
import { sendPrepared } from '../../domain/deliver-notification';
import type { NotificationsDeps } from '../../domain/deps';

/**
 * identity.account.password_changed.v1 (a staff user or a customer): "your password was changed", prepared
 * inside the inbox transaction and sent once it has committed.
 */
export const onIdentityAccountPasswordChanged =
  (deps: NotificationsDeps): InboxHandler<'identity.account.password_changed.v1'> =>
  async (data, { tx, event, afterCommit }) => {
    const messages = await preparePasswordChanged(tx, data, event.id);
    afterCommit(() => sendPrepared(deps, messages));
  };
