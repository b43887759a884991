// The steps live in e2e/src so that the benchmarks, which run outside jest, share them.
export * from '../src/journey-steps';
