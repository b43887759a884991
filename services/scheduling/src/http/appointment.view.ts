import type { AppointmentRecord, CustomerStatistics } from '../db/appointment.repository';

/** One appointment as every endpoint shows it (a superset of each spec shape). */
export const appointmentView = (appointment: AppointmentRecord) => {
  const first = appointment.services[0];
  return {
    id: appointment.id,
    tenant_id: appointment.tenant_id,
    outlet_id: appointment.outlet_id,
    customer_id: appointment.customer_id,
    customer_name: appointment.customer_name,
    staff_id: first?.staff_id ?? null,
    service_id: first?.service_id ?? null,
    appointment_date: appointment.appointment_date,
    start_time: appointment.start_time,
    end_time: appointment.end_time,
    status: appointment.status,
    services: appointment.services.map(({ position: _position, price_source: _source, ...rest }) => rest),
    total_price: appointment.total_price,
    currency: appointment.currency,
    deposit_amount: appointment.deposit_amount,
    deposit_due_at: appointment.deposit_due_at,
    notes: appointment.notes,
    booked_by: appointment.booked_by,
    starts_at: appointment.starts_at,
    ends_at: appointment.ends_at,
    version: appointment.version,
    cancelled_at: appointment.cancelled_at,
    cancelled_by: appointment.cancelled_by,
    rescheduled_at: appointment.rescheduled_at,
    rescheduled_by: appointment.rescheduled_by,
    created_at: appointment.created_at,
    updated_at: appointment.updated_at,
  };
};

/** PUT /appointments/{id}/cancel answers the new state only. */
export const cancelledAppointmentView = (appointment: AppointmentRecord) => ({
  id: appointment.id,
  status: appointment.status,
  cancelled_at: appointment.cancelled_at,
  cancelled_by: appointment.cancelled_by,
});

/** An appointment in a customer's history (GET /customers/{id}/appointments). */
const customerAppointmentView = (appointment: AppointmentRecord) => {
  const view = appointmentView(appointment);
  return {
    id: view.id,
    tenant_id: view.tenant_id,
    outlet_id: view.outlet_id,
    customer_id: view.customer_id,
    staff_id: view.staff_id,
    service_id: view.service_id,
    appointment_date: view.appointment_date,
    start_time: view.start_time,
    end_time: view.end_time,
    status: view.status,
    total_price: view.total_price,
    notes: view.notes,
    created_at: view.created_at,
    updated_at: view.updated_at,
  };
};

/** A customer's history: the page of appointments, statistics over all of them, and the pagination. */
export const customerAppointmentsView = (
  { items, statistics }: { items: AppointmentRecord[]; statistics: CustomerStatistics },
  pagination: { total: number; page: number; size: number; pages: number },
) => ({
  appointments: items.map(customerAppointmentView),
  statistics,
  pagination: {
    total: pagination.total,
    page: pagination.page,
    size: pagination.size,
    pages: pagination.pages,
  },
});
