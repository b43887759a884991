export * from './protocol';
export * from './channels';
export * from './adapter';
export * from './sandbox';
