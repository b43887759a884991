export * from './envelope';
export * from './registry';
export * from './plans';
export * from './http';
export * from './pricing';
export * from './events/billing';
export * from './events/identity';
export * from './events/catalog';
