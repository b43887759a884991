import type { InboxHandler } from '@salon/messaging';
import { preparePasswordResetCode } from '../../domain/account-messages';
import { sendPrepared } from '../../domain/deliver-notification';
import type { NotificationsDeps } from '../../domain/deps';

/**
 * identity.account.password_reset_requested.v1 (a staff user or a customer): the code prepared inside the inbox
 * transaction and sent once it has committed, like the verification codes. Never logs the code.
 */
export const onIdentityAccountPasswordResetRequested =
  (deps: NotificationsDeps): InboxHandler<'identity.account.password_reset_requested.v1'> =>
  async (data, { tx, event, afterCommit }) => {
    const messages = await preparePasswordResetCode(tx, data, event.id, deps.clock.now());
    if (messages.length === 0)
      deps.logger.warn(
        { event_id: event.id, correlation_id: event.correlation_id, expires_at: data.expires_at },
        'password reset code expired before it could be sent; not sent',
      );
    afterCommit(() => sendPrepared(deps, messages));
  };
