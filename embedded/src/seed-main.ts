import { z } from 'zod';
import { loadConfig } from '@salon/service-kit';
import { describeSeed, seedDemoSalon } from './seed/seed';

/**
 * `npm run seed`: the demo salon, created through the gateway's public API of a running platform (embedded
 * mode, docker compose or Kubernetes alike). The SMTP sandbox address defaults to the sandboxes process of
 * the distributed mode; embedded mode prints its own ("Sandbox smtp: …") at start-up.
 */
const config = loadConfig(
  z.object({
    SEED_API_URL: z.url().default('http://localhost:8080'),
    SEED_SMTP_MESSAGES_URL: z.url().default('http://127.0.0.1:4011/sandbox/messages'),
  }),
);

async function main() {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print(`Seeding the demo salon through ${config.SEED_API_URL}`);
  const summary = await seedDemoSalon({
    apiUrl: config.SEED_API_URL,
    smtpMessagesUrl: config.SEED_SMTP_MESSAGES_URL,
    print,
  });
  for (const line of describeSeed(summary, config.SEED_API_URL)) print(line);
}

main().catch((error: unknown) => {
  process.stderr.write(`Seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
