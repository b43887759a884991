// Money arithmetic lives in @salon/contracts (the API contracts' amount fields need it); re-exported here for
// the code that has always imported it from service-kit.
export {
  compareMoney,
  formatMoney,
  money,
  mulMoney,
  percentOf,
  roundToUnit,
  subMoney,
  sumMoney,
  type MoneyInput,
} from '@salon/contracts';
