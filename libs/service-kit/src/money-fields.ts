// The amount and currency request fields live in @salon/contracts (the API contracts validate with them);
// re-exported here for the code that has always imported them from service-kit.
export { amountField, currencyField } from '@salon/contracts';
