import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '@salon/service-kit';

/** One payment, refund or package-paid visit of a customer, as commerce announced it. */
export interface MoneyEntry {
  entry_id: string;
  tenant_id: string;
  customer_id: string;
  kind: 'payment' | 'refund' | 'redemption';
  appointment_id: string | null;
  customer_package_id: string | null;
  amount: string;
}

/** What a customer's history and loyalty are computed from. */
export interface LoyaltyFacts {
  completed: { appointment_id: string; appointment_date: string; total_price: string | null }[];
  money: Pick<MoneyEntry, 'kind' | 'appointment_id' | 'amount'>[];
}

/**
 * Records the entry once (a repeat changes nothing); false when the customer is not (or no longer) known here,
 * so nothing is kept about an erased customer.
 */
export async function recordMoneyEntry(tx: Executor, entry: MoneyEntry): Promise<boolean> {
  const rows = await selectRows<{ entry_id: string }>(
    tx,
    sql`INSERT INTO identity.customer_money
          (entry_id, tenant_id, customer_id, kind, appointment_id, customer_package_id, amount)
        SELECT ${entry.entry_id}, ${entry.tenant_id}, ${entry.customer_id}, ${entry.kind}, ${entry.appointment_id},
          ${entry.customer_package_id}, ${entry.amount}::numeric
        WHERE EXISTS (SELECT 1 FROM identity.customers WHERE id = ${entry.customer_id} AND tenant_id = ${entry.tenant_id})
        ON CONFLICT (entry_id) DO NOTHING
        RETURNING entry_id`,
  );
  return rows.length > 0;
}

export async function loyaltyFactsOf(
  tx: Executor,
  tenantId: string,
  customerId: string,
): Promise<LoyaltyFacts> {
  const completed = await selectRows<LoyaltyFacts['completed'][number]>(
    tx,
    sql`SELECT appointment_id, appointment_date::text AS appointment_date, total_price::text AS total_price
        FROM identity.appointment_counters
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} AND status = 'completed'`,
  );
  const money = await selectRows<LoyaltyFacts['money'][number]>(
    tx,
    sql`SELECT kind, appointment_id, amount::text AS amount FROM identity.customer_money
        WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
  return { completed, money };
}

/** The customer's history and loyalty columns (system-managed: no version bump, no event). */
export async function setCustomerLoyalty(
  tx: Executor,
  customerId: string,
  loyalty: {
    total_appointments: number;
    last_appointment_date: string | null;
    total_spent: string;
    loyalty_points: number;
  },
): Promise<void> {
  await tx.execute(
    sql`UPDATE identity.customers
        SET total_appointments = ${loyalty.total_appointments},
          last_appointment_date = ${loyalty.last_appointment_date}::date,
          total_spent = ${loyalty.total_spent}::numeric, loyalty_points = ${loyalty.loyalty_points},
          updated_at = now()
        WHERE id = ${customerId}`,
  );
}
