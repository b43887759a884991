/** One jest run for the whole workspace: sources are transformed by swc, type checking is `npm run typecheck`. */
const libs = [
  'contracts',
  'service-kit',
  'messaging',
  'plan-limits',
  'runtime',
  'testing',
  'payment-provider',
];
const moduleNameMapper = Object.fromEntries(
  libs.map((name) => [`^@salon/${name}$`, `<rootDir>/libs/${name}/src/index.ts`]),
);
moduleNameMapper['^@salon/gateway$'] = '<rootDir>/gateway/src/index.ts';
moduleNameMapper['^@salon/([a-z-]+)$'] = '<rootDir>/services/$1/src/index.ts';

module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/libs',
    '<rootDir>/services',
    '<rootDir>/gateway',
    '<rootDir>/embedded',
    '<rootDir>/e2e',
    '<rootDir>/deploy',
    '<rootDir>/web',
  ],
  // The fault-injection suites stop and start shared infrastructure: they run alone, in CI's second test step.
  // CI's run on the second Node line (SECOND_RUNTIME=1) runs the code the production image holds (libs,
  // services, gateway, embedded) and, of the platform suites, the journeys (scaled out there: E2E_REPLICAS=2).
  // The other e2e files, the browser pages and the manifests check rules no runtime changes, and the whole of
  // CI must fit its budget.
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.E2E_FAULTS === '1' ? [] : ['/e2e/test/faults/']),
    ...(process.env.SECOND_RUNTIME === '1'
      ? ['/e2e/test/(?!journeys\\.test\\.ts$)', '/web/', '/deploy/']
      : []),
  ],
  testMatch: ['**/test/**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  moduleNameMapper,
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  // Generous: CI machines are shared and sometimes slow; speed goals live in the benchmarks, never in timeouts.
  testTimeout: 60_000,
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
};
