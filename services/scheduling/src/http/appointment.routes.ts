import { Router, type Request } from 'express';
import { z } from 'zod';
import { schedulingApi } from '@salon/contracts';
import { authOf, authenticate, objectId, offsetOf, paged, parseInput, tenantOf } from '@salon/service-kit';
import type { AppointmentRecord } from '../db/appointment.repository';
import { cancelAppointment, changeStatus } from '../domain/appointment-status';
import {
  appointmentFor,
  bookAppointment,
  rescheduleAppointment,
  type Booker,
} from '../domain/book-appointment';
import type { SchedulingDeps } from '../domain/deps';
import { customerAppointments, findAppointmentsPage } from '../domain/list-appointments';

const {
  appointmentListQuery: listQuery,
  bookBody,
  customerAppointmentsQuery: customerListQuery,
  rescheduleBody,
  staffBookBody,
  statusBody,
} = schedulingApi;
const appointmentPath = z.object({ appointment_id: objectId });
const customerPath = z.object({ customer_id: objectId });

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
    notes: appointment.notes,
    booked_by: appointment.booked_by,
    starts_at: appointment.starts_at,
    ends_at: appointment.ends_at,
    version: appointment.version,
    cancelled_at: appointment.cancelled_at,
    created_at: appointment.created_at,
    updated_at: appointment.updated_at,
  };
};

const bookerOf = (req: Request): Booker => {
  const auth = authOf(req);
  return auth.kind === 'customer' ? { kind: 'customer', customerId: auth.customerId } : { kind: 'staff' };
};

export function appointmentRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const anyone = [authenticate(deps.verifier, { allow: ['staff', 'customer'] }), deps.plans.suspendedGuard()];
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const booking = [...anyone, deps.plans.openToCustomersGuard()];

  router.post('/appointments', ...booking, async (req, res) => {
    const booker = bookerOf(req);
    const body = parseInput(booker.kind === 'staff' ? staffBookBody : bookBody, req.body, 'body');
    const services = body.services.map(({ service_id, staff_id }) => ({ service_id, staff_id }));
    const appointment = await bookAppointment(deps, tenantOf(req), booker, { ...body, services }, req.id);
    res.status(201).json(appointmentView(appointment));
  });

  router.post('/staff/appointments', ...staff, async (req, res) => {
    const body = parseInput(staffBookBody, req.body, 'body');
    const appointment = await bookAppointment(deps, tenantOf(req), { kind: 'staff' }, body, req.id);
    res.status(201).json(appointmentView(appointment));
  });

  router.get('/appointments', ...anyone, async (req, res) => {
    const booker = bookerOf(req);
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await findAppointmentsPage(
      deps,
      tenantOf(req),
      {
        from: query.start_date,
        to: query.end_date,
        outletId: query.outlet_id,
        staffId: query.staff_id,
        customerId: booker.kind === 'customer' ? booker.customerId : query.customer_id,
        statuses: query.status ? [query.status] : undefined,
      },
      { offset: offsetOf(query), limit: query.size },
    );
    res.json(paged(items.map(appointmentView), total, query));
  });

  router.get('/appointments/:appointment_id', ...anyone, async (req, res) => {
    const { appointment_id } = parseInput(appointmentPath, req.params, 'path');
    res.json(
      appointmentView(await appointmentFor(deps.db.orm, tenantOf(req), bookerOf(req), appointment_id)),
    );
  });

  router.put('/appointments/:appointment_id/reschedule', ...booking, async (req, res) => {
    const { appointment_id } = parseInput(appointmentPath, req.params, 'path');
    const body = parseInput(rescheduleBody, req.body, 'body');
    const appointment = await rescheduleAppointment(
      deps,
      tenantOf(req),
      bookerOf(req),
      appointment_id,
      body,
      req.id,
    );
    res.json(appointmentView(appointment));
  });

  router.put('/appointments/:appointment_id/cancel', ...anyone, async (req, res) => {
    const { appointment_id } = parseInput(appointmentPath, req.params, 'path');
    const appointment = await cancelAppointment(deps, tenantOf(req), bookerOf(req), appointment_id, req.id);
    res.json({ id: appointment.id, status: appointment.status, cancelled_at: appointment.cancelled_at });
  });

  router.put('/appointments/:appointment_id/status', ...staff, async (req, res) => {
    const { appointment_id } = parseInput(appointmentPath, req.params, 'path');
    const { status } = parseInput(statusBody, req.body, 'body');
    res.json(appointmentView(await changeStatus(deps, tenantOf(req), appointment_id, status, req.id)));
  });

  router.get('/customers/:customer_id/appointments', ...staff, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    const query = parseInput(customerListQuery, req.query, 'query');
    const { items, total, statistics } = await customerAppointments(
      deps,
      tenantOf(req),
      customer_id,
      { status: query.status, from: query.from_date, to: query.to_date },
      { offset: offsetOf(query), limit: query.size },
    );
    const page = paged([], total, query);
    res.json({
      appointments: items.map((appointment) => {
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
      }),
      statistics,
      pagination: { total: page.total, page: page.page, size: page.size, pages: page.pages },
    });
  });

  return router;
}
