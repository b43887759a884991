import { assertIdentifier, type Migration } from '@salon/service-kit';

/** The replica of billing's plan snapshot, one row per tenant, kept in the consuming service's schema. */
export function planLimitsMigrations(schema: string): Migration[] {
  assertIdentifier(schema);
  return [
    {
      name: 'plan_limits_0001_replica',
      sql: `
CREATE TABLE "${schema}".plan_limits (
  tenant_id char(24) PRIMARY KEY,
  plan text NOT NULL,
  status text NOT NULL,
  limits jsonb NOT NULL,
  appointment_fee_percent numeric(5, 2) NOT NULL,
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);`,
    },
    {
      // The subscription's dates, for the services that show them (identity's tenant); null until billing's
      // next snapshot or POST /internal/jobs/republish-plans fills them.
      name: 'plan_limits_0002_subscription_dates',
      sql: `
ALTER TABLE "${schema}".plan_limits
  ADD COLUMN current_period_start timestamptz,
  ADD COLUMN current_period_end timestamptz,
  ADD COLUMN trial_ends_at timestamptz;`,
    },
  ];
}
