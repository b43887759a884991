/**
 * Removes every test database and test broker namespace, however young: for CI, which has the machine to
 * itself, so nothing a killed earlier run left can slow this one (jest's global setup removes only old ones).
 */
import { removeStaleTestResources } from '@salon/testing';

removeStaleTestResources(0).then(
  (removed) => console.log(`removed test leftovers: ${JSON.stringify(removed)}`),
  (error: unknown) => {
    console.error('could not remove test leftovers:', error);
    process.exit(1);
  },
);
