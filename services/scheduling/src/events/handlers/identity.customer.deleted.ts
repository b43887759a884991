import { causedBy, newEvent, type InboxHandler } from '@salon/messaging';
import { anonymiseCustomerAppointments } from '../../db/appointment.repository';
import { revokeLiveFeed } from '../../db/calendar-feed.repository';
import { deleteCustomerReplica } from '../../db/replica.repository';
import { deleteCustomerReviews, refreshStaffRating } from '../../db/review.repository';
import { deleteCustomerWaitlistEntries } from '../../db/waitlist.repository';
import { PRODUCER, type SchedulingDeps } from '../../domain/deps';
import { reviewDeletedData } from '../../domain/events';

/**
 * identity.customer.deleted.v1: the customer's appointments are anonymised (customer reference removed,
 * name a placeholder, contact data cleared, note replaced), the replica row goes, the customer's calendar
 * feed is revoked and its reviews are deleted (the spec's deletion step): the rated staff members' averages
 * are recomputed here, and review.deleted tells catalog to recompute the services'. Its waitlist entries go too.
 */
export const onIdentityCustomerDeleted =
  (deps: Pick<SchedulingDeps, 'store'>): InboxHandler<'identity.customer.deleted.v1'> =>
  async (data, { tx, event }) => {
    await anonymiseCustomerAppointments(tx, data.tenant_id, data.customer_id);
    await deleteCustomerReplica(tx, data.tenant_id, data.customer_id);
    await revokeLiveFeed(tx, data.tenant_id, { type: 'customer', id: data.customer_id });
    await deleteCustomerWaitlistEntries(tx, data.tenant_id, data.customer_id);
    const reviews = await deleteCustomerReviews(tx, data.tenant_id, data.customer_id);
    const staffIds = new Set(reviews.filter((r) => r.subject_type === 'staff').map((r) => r.subject_id));
    for (const staffId of staffIds) await refreshStaffRating(tx, data.tenant_id, staffId);
    if (reviews.length === 0) return;
    const origin = causedBy(event, PRODUCER);
    await deps.store.enqueue(
      tx,
      reviews.map((review) => newEvent('scheduling.review.deleted.v1', reviewDeletedData(review), origin)),
    );
  };
