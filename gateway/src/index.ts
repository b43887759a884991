export * from './app';
export * from './config';
export * from './routes';
export { RouteMatcher, type MatchResult } from './route-matcher';
export { buildOpenApiDocument, OPERATION_SCHEMAS } from './openapi';
export { OPERATION_IDS, OPERATION_VERBS } from './operation-ids';
export { breakingChanges, committedDocumentProblems } from './openapi-compat';
export { routeDisagreements } from './route-check';
export { WEB_CONTENT_SECURITY_POLICY, builtWebDir } from './web';
