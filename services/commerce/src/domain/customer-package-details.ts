import { notFound, type Executor } from '@salon/service-kit';
import { creditsOfPackages, type CreditRow } from '../db/credit.repository';
import type { CustomerPackageRow } from '../db/customer-package.repository';
import { findPackage } from '../db/package.repository';
import { findCustomer } from '../db/replica.repository';
import { withMetrics, type PackageWithMetrics } from './package-checks';

/** A customer package, with the package it was bought from and its credit rows when details were asked for. */
export interface CustomerPackageRecord {
  row: CustomerPackageRow;
  details?: { pkg: PackageWithMetrics | undefined; credits: CreditRow[] };
}

/** The rows with their details: one credits query for all, each package read once. */
export async function withDetails(
  executor: Executor,
  rows: CustomerPackageRow[],
): Promise<CustomerPackageRecord[]> {
  const credits = await creditsOfPackages(
    executor,
    rows.map((row) => row.id),
  );
  const packages = new Map<string, PackageWithMetrics | undefined>();
  for (const row of rows) {
    if (!packages.has(row.package_id)) {
      const pkg = await findPackage(executor, row.tenant_id, row.package_id);
      packages.set(row.package_id, pkg ? withMetrics(pkg) : undefined);
    }
  }
  return rows.map((row) => ({
    row,
    details: {
      pkg: packages.get(row.package_id),
      credits: credits.filter((credit) => credit.customer_package_id === row.id),
    },
  }));
}

/** 404 unless the customer is one of the tenant's (and not deleted). */
export async function assertCustomer(
  executor: Executor,
  tenantId: string,
  customerId: string,
): Promise<void> {
  if (!(await findCustomer(executor, tenantId, customerId))) throw notFound('Customer not found');
}
