export * from './protocol';
export * from './adapter';
export * from './sandbox';
