import type {
  AppointmentSnapshot,
  EventEnvelope,
  ServiceArchivedV1,
  ServiceUpsertedV1,
  StaffTerminatedV1,
  StaffUpsertedV1,
} from '@salon/contracts';
import type { Executor } from '@salon/service-kit';
import { upsertAppointment, upsertService, upsertStaff } from '../../db/usage.repository';

/** catalog.service.upserted / archived: services not archived count against max_services. */
export async function applyServiceEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  if (event.type === 'catalog.service.archived.v1') {
    const data = event.data as ServiceArchivedV1;
    await upsertService(
      tx,
      { service_id: data.service_id, tenant_id: data.tenant_id, status: 'archived', version: data.version },
      { orEqual: true },
    );
    return;
  }
  const data = event.data as ServiceUpsertedV1;
  await upsertService(tx, {
    service_id: data.service_id,
    tenant_id: data.tenant_id,
    status: data.status,
    version: data.version,
  });
}

/** scheduling.staff.upserted / terminated: staff not terminated count against the staff limit. */
export async function applyStaffEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  if (event.type === 'scheduling.staff.terminated.v1') {
    const data = event.data as StaffTerminatedV1;
    await upsertStaff(
      tx,
      { staff_id: data.staff_id, tenant_id: data.tenant_id, status: 'terminated', version: data.version },
      { orEqual: true },
    );
    return;
  }
  const data = event.data as StaffUpsertedV1;
  await upsertStaff(tx, {
    staff_id: data.staff_id,
    tenant_id: data.tenant_id,
    status: data.status,
    version: data.version,
  });
}

/** scheduling.appointment.*: every snapshot carries date and status; the month's non-cancelled ones count. */
export async function applyAppointmentEvent(event: EventEnvelope, tx: Executor): Promise<void> {
  const data = event.data as AppointmentSnapshot;
  await upsertAppointment(tx, {
    appointment_id: data.appointment_id,
    tenant_id: data.tenant_id,
    appointment_date: data.appointment_date,
    status: data.status,
    version: data.version,
  });
}
