import { sql } from 'drizzle-orm';
import type { TestService } from '@salon/testing';
import { addDays } from '../src/domain/time-rules';
import {
  addCustomer,
  addOutlet,
  addService,
  createdStaff,
  futureDate,
  newTenant,
  onPlan,
  setTenant,
} from '../test/helpers';

export const STAFF = 20;
export const DAYS = 90;

/**
 * The benchmark's salon: 20 staff (or `staff`) with daily working hours and a lunch break for 90 days, a week
 * of vacation for every fourth, and about 30% of the 30-minute slots booked (written directly: the booking
 * path is measured on its own).
 */
export async function seedSalon(service: TestService, { staff = STAFF } = {}) {
  const db = service.running.context.db;
  const tenant = newTenant(service);
  await setTenant(service, tenant.tenantId, { booking_advance_days: 365 });
  await onPlan(service, tenant.tenantId, 'ENTERPRISE');
  const outletId = await addOutlet(service, tenant.tenantId);
  const haircut = await addService(service, tenant.tenantId, {
    duration_minutes: 30,
    max_advance_booking_days: 365,
  });
  const customerId = await addCustomer(service, tenant.tenantId);
  const start = futureDate(1);
  const staffIds: string[] = [];
  for (let i = 0; i < staff; i += 1) {
    const member = await createdStaff(service, tenant.admin, outletId, { max_advance_booking_days: 365 });
    staffIds.push(member.id);
    const post = (body: Record<string, unknown>) =>
      service.request('POST', '/availability', {
        token: tenant.admin,
        body: { staff_id: member.id, ...body },
      });
    await post({
      date: start,
      start_time: '09:00',
      end_time: '18:00',
      availability_type: 'working_hours',
      recurrence_type: 'daily',
      recurrence_end_date: addDays(start, DAYS - 1),
    });
    await post({
      date: start,
      start_time: '12:00',
      end_time: '13:00',
      availability_type: 'break',
      recurrence_type: 'daily',
      recurrence_end_date: addDays(start, DAYS - 1),
    });
    if (i % 4 === 0) {
      await post({
        date: addDays(start, 30 + i),
        start_time: '00:00',
        end_time: '23:55',
        availability_type: 'vacation',
        recurrence_type: 'daily',
        recurrence_end_date: addDays(start, 36 + i),
      });
    }
  }
  // About 30% of the 30-minute slots booked, written directly (the booking path is measured in (b)).
  await db.withTx(async (tx) => {
    await tx.execute(sql`
      WITH slots AS (
        SELECT s.id AS staff_id, s.display_name, d::date AS day, m AS minute, random() AS r
        FROM scheduling.staff s, generate_series(${start}::date, ${addDays(start, DAYS - 1)}::date, '1 day') d,
             generate_series(540, 1050, 30) m
        WHERE s.tenant_id = ${tenant.tenantId} AND m NOT IN (720, 750)
      ), picked AS (
        SELECT *, substr(md5(staff_id || day || minute), 1, 24) AS id FROM slots WHERE r < 0.3
      ), appointments AS (
        INSERT INTO scheduling.appointments (id, tenant_id, outlet_id, customer_id, appointment_date, start_time,
          end_time, timezone, starts_at, ends_at, status, total_price, currency, booked_by)
        SELECT id, ${tenant.tenantId}, ${outletId}, ${customerId}, day, make_time(minute / 60, minute % 60, 0),
          make_time((minute + 30) / 60, (minute + 30) % 60, 0), 'Asia/Jakarta',
          (day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Asia/Jakarta',
          (day + make_time((minute + 30) / 60, (minute + 30) % 60, 0)) AT TIME ZONE 'Asia/Jakarta',
          'confirmed', 150000, 'IDR', 'staff' FROM picked RETURNING id
      )
      INSERT INTO scheduling.appointment_services (appointment_id, position, tenant_id, service_id, service_name,
        staff_id, staff_name, start_time, end_time, duration_minutes, price, currency, price_source, parallel,
        max_parallel, occupancy)
      SELECT id, 0, ${tenant.tenantId}, ${haircut.service_id}, 'Haircut', staff_id, display_name,
        make_time(minute / 60, minute % 60, 0), make_time((minute + 30) / 60, (minute + 30) % 60, 0), 30, 150000,
        'IDR', 'base_price', false, 1,
        tstzrange((day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Asia/Jakarta',
                  (day + make_time((minute + 30) / 60, (minute + 30) % 60, 0)) AT TIME ZONE 'Asia/Jakarta')
      FROM picked`);
  });
  await db.orm.execute(sql`ANALYZE`);

  return { tenant, outletId, haircut, customerId, start, staffIds };
}
