import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@salon/service-kit';
import { createTestDatabase, deleteBrokerNamespace, testAmqpUrl, testNamespace } from '@salon/testing';
import { startPlatform, type RunningPlatform } from '../src/platform';

export interface PlatformFixture {
  platform: RunningPlatform;
  stop(): Promise<void>;
}

/**
 * The whole platform in this process (gateway, six services, sandbox providers) on a fresh real PostgreSQL
 * database and its own RabbitMQ namespace, on a free port. In-process needs no PGlite (which jest's module
 * sandbox cannot load), so tests that only drive the API start faster than a child process would.
 */
export async function startPlatformOnTestInfrastructure(
  env: Record<string, string> = {},
): Promise<PlatformFixture> {
  const database = await createTestDatabase('embedded');
  const namespace = testNamespace();
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-platform-'));
  const platform = await startPlatform({
    dataDir,
    port: 0,
    databaseUrl: database.url,
    amqpUrl: testAmqpUrl(),
    eventNamespace: namespace,
    logger: createLogger({ service: 'embedded-test', level: 'warn' }),
    env,
  });
  return {
    platform,
    async stop() {
      await platform.stop();
      await database.drop();
      await deleteBrokerNamespace(namespace);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
