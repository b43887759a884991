// The request field helpers live in @salon/contracts (the API contracts validate with them); re-exported here
// for the code that has always imported them from service-kit.
export { OBJECT_ID_PATTERN, boolQuery, intQuery, objectId } from '@salon/contracts';
