export * from './envelope';
export * from './registry';
export * from './plans';
export * from './http';
export * from './events/billing';
