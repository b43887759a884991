export * from './migration';
export * from './replica';
