import type { OutletRecord } from '../db/outlet.repository';
import { outletFields } from '../domain/record-fields';

/** The spec's Outlet. */
export const outletView = (outlet: OutletRecord) => ({
  id: outlet.id,
  ...outletFields(outlet),
  created_at: outlet.created_at,
  updated_at: outlet.updated_at,
});
