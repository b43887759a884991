/**
 * Removes every test database and test broker namespace, however young: for CI, which has the machine to
 * itself, so nothing a killed earlier run left can slow this one (jest's global setup removes only old ones).
 * `TEST_LEFTOVER_MIN_AGE_MINUTES` spares younger ones, for a CI rehearsal beside other test runs.
 */
import { removeStaleTestResources } from '@salon/testing';

const minAgeMs = Number(process.env.TEST_LEFTOVER_MIN_AGE_MINUTES ?? 0) * 60_000;

removeStaleTestResources(minAgeMs).then(
  (removed) => console.log(`removed test leftovers: ${JSON.stringify(removed)}`),
  (error: unknown) => {
    console.error('could not remove test leftovers:', error);
    process.exit(1);
  },
);
