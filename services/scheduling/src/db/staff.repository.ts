import { sql, type SQL } from 'drizzle-orm';
import { idArray, isoOf, likeContains, selectRows, type Executor } from '@salon/service-kit';

export interface StaffSkills {
  service_ids: string[];
  specialties: string[];
  certifications: unknown[];
  years_experience: number | null;
}

export interface StaffRecord {
  id: string;
  tenant_id: string;
  outlet_id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
  phone: string | null;
  gender: string | null;
  position: string;
  employment_type: string;
  employee_id: string | null;
  hire_date: string | null;
  birth_date: string | null;
  hourly_rate: number | null;
  salary: number | null;
  is_bookable: boolean;
  accepts_online_booking: boolean;
  max_advance_booking_days: number;
  bio: string | null;
  profile_image_url: string | null;
  instagram_handle: string | null;
  skills: StaffSkills;
  status: 'active' | 'inactive' | 'terminated' | 'on_leave';
  average_rating: number | null;
  rating_count: number;
  /** Only on single reads and lists (findStaff, listStaff); 0 elsewhere. */
  total_bookings: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The writable columns, as stored. */
export type StaffWrite = Omit<
  StaffRecord,
  | 'id'
  | 'tenant_id'
  | 'average_rating'
  | 'rating_count'
  | 'total_bookings'
  | 'version'
  | 'created_at'
  | 'updated_at'
>;

export const staffColumns = sql`s.id, s.tenant_id, s.outlet_id, s.user_id, s.first_name, s.last_name, s.display_name, s.email,
  s.phone, s.gender, s.position, s.employment_type, s.employee_id,
  to_char(s.hire_date, 'YYYY-MM-DD') AS hire_date, to_char(s.birth_date, 'YYYY-MM-DD') AS birth_date,
  s.hourly_rate::float8 AS hourly_rate, s.salary::float8 AS salary, s.is_bookable, s.accepts_online_booking,
  s.max_advance_booking_days, s.bio, s.profile_image_url, s.instagram_handle, s.skills, s.status,
  s.average_rating::float8 AS average_rating, s.rating_count,
  s.version, ${isoOf(sql`s.created_at`)} AS created_at, ${isoOf(sql`s.updated_at`)} AS updated_at`;

/** The columns plus total_bookings (appointments not cancelled), for what is shown to callers. */
const viewColumns = sql`${staffColumns},
  (SELECT count(DISTINCT x.appointment_id)::int FROM scheduling.appointment_services x
     JOIN scheduling.appointments a ON a.id = x.appointment_id
    WHERE x.tenant_id = s.tenant_id AND x.staff_id = s.id AND a.status NOT IN ('cancelled', 'rescheduled'))
  AS total_bookings`;

export async function insertStaff(
  tx: Executor,
  tenantId: string,
  id: string,
  staff: StaffWrite,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO scheduling.staff (id, tenant_id, outlet_id, user_id, first_name, last_name, display_name, email,
      phone, gender, position, employment_type, employee_id, hire_date, birth_date, hourly_rate, salary,
      is_bookable, accepts_online_booking, max_advance_booking_days, bio, profile_image_url, instagram_handle,
      skills, status)
    VALUES (${id}, ${tenantId}, ${staff.outlet_id}, ${staff.user_id}, ${staff.first_name}, ${staff.last_name},
      ${staff.display_name}, ${staff.email}, ${staff.phone}, ${staff.gender}, ${staff.position},
      ${staff.employment_type}, ${staff.employee_id}, ${staff.hire_date}::date, ${staff.birth_date}::date,
      ${staff.hourly_rate}, ${staff.salary}, ${staff.is_bookable}, ${staff.accepts_online_booking},
      ${staff.max_advance_booking_days}, ${staff.bio}, ${staff.profile_image_url}, ${staff.instagram_handle},
      ${JSON.stringify(staff.skills)}::jsonb, ${staff.status})`);
}

export async function updateStaff(
  tx: Executor,
  tenantId: string,
  id: string,
  staff: StaffWrite,
): Promise<void> {
  await tx.execute(sql`
    UPDATE scheduling.staff SET outlet_id = ${staff.outlet_id}, user_id = ${staff.user_id},
      first_name = ${staff.first_name}, last_name = ${staff.last_name}, display_name = ${staff.display_name},
      email = ${staff.email}, phone = ${staff.phone}, gender = ${staff.gender}, position = ${staff.position},
      employment_type = ${staff.employment_type}, employee_id = ${staff.employee_id},
      hire_date = ${staff.hire_date}::date, birth_date = ${staff.birth_date}::date,
      hourly_rate = ${staff.hourly_rate}, salary = ${staff.salary}, is_bookable = ${staff.is_bookable},
      accepts_online_booking = ${staff.accepts_online_booking},
      max_advance_booking_days = ${staff.max_advance_booking_days}, bio = ${staff.bio},
      profile_image_url = ${staff.profile_image_url}, instagram_handle = ${staff.instagram_handle},
      skills = ${JSON.stringify(staff.skills)}::jsonb, status = ${staff.status},
      version = version + 1, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

export async function findStaff(
  executor: Executor,
  tenantId: string,
  id: string,
): Promise<StaffRecord | undefined> {
  const [row] = await selectRows<StaffRecord>(
    executor,
    sql`SELECT ${viewColumns} FROM scheduling.staff s WHERE s.tenant_id = ${tenantId} AND s.id = ${id}`,
  );
  return row;
}

/** Several staff members for booking decisions (without the total_bookings count). */
export async function findStaffMembers(
  executor: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<StaffRecord[]> {
  if (ids.length === 0) return [];
  return selectRows<StaffRecord>(
    executor,
    sql`SELECT ${staffColumns} FROM scheduling.staff s WHERE s.tenant_id = ${tenantId} AND s.id = ANY(${idArray(ids)})`,
  );
}

/** Another non-terminated staff member of the tenant with this e-mail (case-insensitive). */
export async function emailTaken(
  executor: Executor,
  tenantId: string,
  email: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`SELECT id FROM scheduling.staff WHERE tenant_id = ${tenantId} AND lower(email) = lower(${email})
        AND status <> 'terminated' AND id <> ${exceptId ?? ''}`,
  );
  return rows.length > 0;
}

export async function countActiveStaffAtOutlet(
  executor: Executor,
  tenantId: string,
  outletId: string,
): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    executor,
    sql`SELECT count(*)::int AS count FROM scheduling.staff
        WHERE tenant_id = ${tenantId} AND outlet_id = ${outletId} AND status = 'active'`,
  );
  return row?.count ?? 0;
}

export async function terminateStaff(tx: Executor, tenantId: string, id: string): Promise<void> {
  await tx.execute(sql`
    UPDATE scheduling.staff SET status = 'terminated', is_bookable = false, version = version + 1, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

export interface StaffFilters {
  outletId?: string;
  /** Only staff of these outlets (the caller's outlet scope); an empty list sees nothing. */
  outletIds?: readonly string[];
  serviceId?: string;
  status?: string;
  position?: string;
  employmentType?: string;
  onlyActive: boolean;
  onlyBookable: boolean;
  /** Customers book online only those who accept it (the public booking API). */
  onlyOnlineBookable?: boolean;
  search?: string;
  gender?: string;
}

export async function listStaff(
  executor: Executor,
  tenantId: string,
  filters: StaffFilters,
  page: { offset: number; limit: number },
): Promise<{ items: StaffRecord[]; total: number }> {
  const conditions: SQL[] = [sql`s.tenant_id = ${tenantId}`];
  if (filters.outletId) conditions.push(sql`s.outlet_id = ${filters.outletId}`);
  if (filters.outletIds) conditions.push(sql`s.outlet_id = ANY(${idArray(filters.outletIds)})`);
  if (filters.serviceId) {
    // Empty skills mean "qualified for every service" (see docs/decisions.md).
    conditions.push(
      sql`(s.skills->'service_ids' @> ${JSON.stringify([filters.serviceId])}::jsonb
           OR jsonb_array_length(coalesce(s.skills->'service_ids', '[]'::jsonb)) = 0)`,
    );
  }
  if (filters.status) conditions.push(sql`s.status = ${filters.status}`);
  else if (filters.onlyActive) conditions.push(sql`s.status = 'active'`);
  if (filters.onlyBookable) conditions.push(sql`s.is_bookable`);
  if (filters.onlyOnlineBookable) conditions.push(sql`s.accepts_online_booking`);
  if (filters.position) conditions.push(sql`s.position ILIKE ${likeContains(filters.position)}`);
  if (filters.employmentType) conditions.push(sql`s.employment_type = ${filters.employmentType}`);
  if (filters.gender) conditions.push(sql`s.gender = ${filters.gender}`);
  if (filters.search) {
    const term = likeContains(filters.search);
    conditions.push(
      sql`(s.first_name ILIKE ${term} OR s.last_name ILIKE ${term} OR s.display_name ILIKE ${term}
           OR (s.first_name || ' ' || s.last_name) ILIKE ${term} OR s.email ILIKE ${term})`,
    );
  }
  const where = sql.join(conditions, sql` AND `);
  const [count] = await selectRows<{ total: number }>(
    executor,
    sql`SELECT count(*)::int AS total FROM scheduling.staff s WHERE ${where}`,
  );
  const items = await selectRows<StaffRecord>(
    executor,
    sql`SELECT ${viewColumns} FROM scheduling.staff s WHERE ${where}
        ORDER BY lower(s.first_name), lower(s.last_name), s.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { items, total: count?.total ?? 0 };
}
