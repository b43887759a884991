import type { StaffRecord } from '../db/staff.repository';

/** A staff member as a customer chooses one: never e-mail, phone, pay, status or employment details. */
export const publicStaffView = (staff: StaffRecord) => ({
  id: staff.id,
  display_name: staff.display_name,
  profile_image_url: staff.profile_image_url,
  gender: staff.gender,
  position: staff.position,
  bio: staff.bio,
});
