export * from './broker';
export * from './database';
export * from './events';
export * from './infrastructure';
export * from './tokens';
export * from './wait';
export * from './service';
export * from './fixtures';
