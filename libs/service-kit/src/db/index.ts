export { afterCommit } from './after-commit';
export * from './database';
export * from './migrate';
export * from './embedded';
export * from './sql-helpers';
export * from './replica-upsert';
