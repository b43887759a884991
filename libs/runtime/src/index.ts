export * from './service';
export * from './main';
