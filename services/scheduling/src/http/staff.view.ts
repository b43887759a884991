import type { AvailabilityRecord } from '../db/availability.repository';
import type { StaffRecord } from '../db/staff.repository';
import type { StaffDetail } from '../domain/get-staff';
import { availabilityView } from './availability.view';

/**
 * The spec's Staff member. `next_available_slot` (UTC ISO instant) is computed for GET /staff/{id} only; lists
 * and write answers give null (docs/decisions.md).
 */
export const staffView = ({ version: _version, ...staff }: StaffRecord, nextSlot: Date | null = null) => ({
  ...staff,
  is_active: staff.status === 'active',
  next_available_slot: nextSlot ? nextSlot.toISOString() : null,
});

/** GET /staff/{id}: with its next free slot, and its workload when asked for. */
export const staffDetailView = ({ staff, workload, nextSlot }: StaffDetail) =>
  workload ? { ...staffView(staff, nextSlot), workload } : staffView(staff, nextSlot);

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
