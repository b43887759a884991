import { appointmentSnapshotSchema } from '@salon/contracts';
import { tenantIn, type RequestContext } from '@salon/service-kit';
import { findAppointment, upsertAppointment, type AppointmentReplica } from '../db/appointment.repository';
import type { CommerceDeps } from './deps';

/**
 * The appointment from this service's copy, or, when the copy has not heard of it yet (a customer pays the
 * moment after booking, before scheduling's created event arrives), from one read of scheduling's own answer,
 * kept in the copy the way the event would have been (the newer version wins either way). Undefined when
 * scheduling does not know it either, or when no scheduling address is configured.
 */
export async function knownAppointment(
  deps: CommerceDeps,
  ctx: RequestContext,
  appointmentId: string,
): Promise<AppointmentReplica | undefined> {
  const tenantId = tenantIn(ctx);
  const held = await findAppointment(deps.db.orm, tenantId, appointmentId);
  if (held || !deps.scheduling) return held;
  const answer = await deps.scheduling.request(
    'GET',
    `/internal/tenants/${tenantId}/appointments/${appointmentId}`,
    { requestId: ctx.requestId },
  );
  if (answer.status !== 200) return undefined;
  const snapshot = appointmentSnapshotSchema.parse(answer.body);
  await deps.db.withTx((tx) => upsertAppointment(tx, snapshot));
  return findAppointment(deps.db.orm, tenantId, appointmentId);
}
