import type { AvailabilityRecord } from '../db/availability.repository';
import type { StaffRecord } from '../db/staff.repository';
import type { Workload } from '../domain/get-staff';
import { availabilityView } from './availability.view';

/** The spec's Staff member. */
export const staffView = ({ version: _version, ...staff }: StaffRecord) => ({
  ...staff,
  is_active: staff.status === 'active',
  next_available_slot: null,
});

/** GET /staff/{id}: with its workload when asked for. */
export const staffDetailView = ({ staff, workload }: { staff: StaffRecord; workload?: Workload }) =>
  workload ? { ...staffView(staff), workload } : staffView(staff);

/** A page of GET /staff: each member with its week's availability when it was asked for. */
export const staffPageView = ({
  items,
  availability,
}: {
  items: StaffRecord[];
  availability?: AvailabilityRecord[];
}): Record<string, unknown>[] =>
  items.map((staff) =>
    availability
      ? {
          ...staffView(staff),
          availability: availability.filter((entry) => entry.staff_id === staff.id).map(availabilityView),
        }
      : staffView(staff),
  );
