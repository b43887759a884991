import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '@salon/service-kit';

export type DevicePlatform = 'android' | 'ios' | 'web';

export interface PushDeviceRow {
  token: string;
  platform: DevicePlatform;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Registers a device token for the customer; a token already registered (to anyone) moves to them. */
export async function upsertDevice(
  tx: Executor,
  d: { tenantId: string; customerId: string; token: string; platform: DevicePlatform },
): Promise<PushDeviceRow> {
  const [row] = await selectRows<PushDeviceRow>(
    tx,
    sql`INSERT INTO notifications.push_devices (token, tenant_id, customer_id, platform)
        VALUES (${d.token}, ${d.tenantId}, ${d.customerId}, ${d.platform})
        ON CONFLICT (token) DO UPDATE
          SET tenant_id = EXCLUDED.tenant_id, customer_id = EXCLUDED.customer_id,
              platform = EXCLUDED.platform, updated_at = now()
        RETURNING token, platform, created_at, updated_at`,
  );
  return row!;
}

/** Removes the customer's registration of a token; false when they had none. */
export async function deleteDevice(
  tx: Executor,
  d: { tenantId: string; customerId: string; token: string },
): Promise<boolean> {
  const rows = await selectRows(
    tx,
    sql`DELETE FROM notifications.push_devices
        WHERE token = ${d.token} AND tenant_id = ${d.tenantId} AND customer_id = ${d.customerId}
        RETURNING token`,
  );
  return rows.length > 0;
}

/** A token FCM refused for good, whoever it was registered to. */
export async function deleteToken(tx: Executor, token: string): Promise<void> {
  await tx.execute(sql`DELETE FROM notifications.push_devices WHERE token = ${token}`);
}

export async function tokensOf(executor: Executor, customerId: string): Promise<string[]> {
  const rows = await selectRows<{ token: string }>(
    executor,
    sql`SELECT token FROM notifications.push_devices WHERE customer_id = ${customerId} ORDER BY created_at, token`,
  );
  return rows.map((row) => row.token);
}

export async function deleteForCustomer(tx: Executor, tenantId: string, customerId: string): Promise<void> {
  await tx.execute(
    sql`DELETE FROM notifications.push_devices WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}`,
  );
}
