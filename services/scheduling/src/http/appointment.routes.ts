import { Router } from 'express';
import { z } from 'zod';
import { schedulingApi } from '@salon/contracts';
import { authenticate, contextOf, objectId, offsetOf, paged, parseInput } from '@salon/service-kit';
import { bookAppointment } from '../domain/book-appointment';
import { isCustomer } from '../domain/callers';
import { cancelAppointment } from '../domain/cancel-appointment';
import { changeAppointmentStatus } from '../domain/change-appointment-status';
import { customerAppointments } from '../domain/customer-appointments';
import type { SchedulingDeps } from '../domain/deps';
import { findAppointments } from '../domain/find-appointments';
import { getAppointment } from '../domain/get-appointment';
import { rescheduleAppointment } from '../domain/reschedule-appointment';
import { appointmentView, cancelledAppointmentView, customerAppointmentsView } from './appointment.view';

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

export function appointmentRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const anyone = [authenticate(deps.verifier, { allow: ['staff', 'customer'] }), deps.plans.suspendedGuard()];
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];
  const booking = [...anyone, deps.plans.openToCustomersGuard()];
  const idempotent = deps.idempotency.guard();

  router.post('/appointments', ...booking, idempotent, async (req, res) => {
    const ctx = contextOf(req);
    const body = parseInput(isCustomer(ctx) ? bookBody : staffBookBody, req.body, 'body');
    const services = body.services.map(({ service_id, staff_id }) => ({ service_id, staff_id }));
    res.status(201).json(appointmentView(await bookAppointment(deps, ctx, { ...body, services })));
  });

  router.post('/staff/appointments', ...staff, idempotent, async (req, res) => {
    const body = parseInput(staffBookBody, req.body, 'body');
    res.status(201).json(appointmentView(await bookAppointment(deps, contextOf(req), body)));
  });

  router.get('/appointments', ...anyone, async (req, res) => {
    const query = parseInput(listQuery, req.query, 'query');
    const { items, total } = await findAppointments(deps, contextOf(req), {
      filters: {
        from: query.start_date,
        to: query.end_date,
        outletId: query.outlet_id,
        staffId: query.staff_id,
        customerId: query.customer_id,
        statuses: query.status ? [query.status] : undefined,
      },
      page: { offset: offsetOf(query), limit: query.size },
    });
    res.json(paged(items.map(appointmentView), total, query));
  });

  router.get('/appointments/:appointment_id', ...anyone, async (req, res) => {
    const { appointment_id } = parseInput(appointmentPath, req.params, 'path');
    res.json(appointmentView(await getAppointment(deps, contextOf(req), { appointmentId: appointment_id })));
  });

  router.put('/appointments/:appointment_id/reschedule', ...booking, async (req, res) => {
    const { appointment_id } = parseInput(appointmentPath, req.params, 'path');
    const body = parseInput(rescheduleBody, req.body, 'body');
    const appointment = await rescheduleAppointment(deps, contextOf(req), {
      appointmentId: appointment_id,
      ...body,
    });
    res.json(appointmentView(appointment));
  });

  router.put('/appointments/:appointment_id/cancel', ...anyone, async (req, res) => {
    const { appointment_id } = parseInput(appointmentPath, req.params, 'path');
    const appointment = await cancelAppointment(deps, contextOf(req), { appointmentId: appointment_id });
    res.json(cancelledAppointmentView(appointment));
  });

  router.put('/appointments/:appointment_id/status', ...staff, async (req, res) => {
    const { appointment_id } = parseInput(appointmentPath, req.params, 'path');
    const { status } = parseInput(statusBody, req.body, 'body');
    const appointment = await changeAppointmentStatus(deps, contextOf(req), {
      appointmentId: appointment_id,
      status,
    });
    res.json(appointmentView(appointment));
  });

  router.get('/customers/:customer_id/appointments', ...staff, async (req, res) => {
    const { customer_id } = parseInput(customerPath, req.params, 'path');
    const query = parseInput(customerListQuery, req.query, 'query');
    const history = await customerAppointments(deps, contextOf(req), {
      customerId: customer_id,
      filters: { status: query.status, from: query.from_date, to: query.to_date },
      page: { offset: offsetOf(query), limit: query.size },
    });
    res.json(customerAppointmentsView(history, paged([], history.total, query)));
  });

  return router;
}
