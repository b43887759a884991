import type { PackageRecord } from '../db/package.repository';
import type { PackageWithMetrics } from '../domain/package-checks';
import { packageMetrics } from '../domain/package-rules';

/** The spec's Package (detail, create and update responses). */
export const packageView = ({ is_deleted: _deleted, service_ids: _ids, ...view }: PackageWithMetrics) => view;

/** List rows: service_ids instead of active_credits_count. */
export const packageListItemView = (view: PackageWithMetrics) => ({
  id: view.id,
  name: view.name,
  description: view.description,
  service_ids: view.service_ids,
  package_items: view.package_items,
  package_price: view.package_price,
  currency: view.currency,
  total_individual_price: view.total_individual_price,
  discount_amount: view.discount_amount,
  discount_percentage: view.discount_percentage,
  validity_days: view.validity_days,
  is_active: view.is_active,
  status: view.status,
  total_purchased: view.total_purchased,
  total_revenue: view.total_revenue,
  outlet_ids: view.outlet_ids,
  created_at: view.created_at,
  updated_at: view.updated_at,
});

/** A package in the customer's store: what it holds and costs, without internal fields. */
export function storePackageView(pkg: PackageRecord) {
  const metrics = packageMetrics(pkg.package_items, pkg.package_price);
  return {
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    package_items: pkg.package_items.map(({ service_id, service_name, quantity, unit_price }) => ({
      service_id,
      service_name,
      quantity,
      unit_price,
    })),
    package_price: pkg.package_price,
    currency: pkg.currency,
    total_individual_price: metrics.total_individual_price,
    discount_percentage: metrics.discount_percentage,
    validity_days: pkg.validity_days,
  };
}
