import { API_PREFIX, OPERATION_IDS, OPERATION_VERBS, ROUTES, buildOpenApiDocument } from '../src';

/**
 * Client generators name their methods after operationIds: each public operation has one from the table in
 * gateway/src/operation-ids.ts, camelCase verb + noun, unique. Stability is the committed document's check
 * (a renamed operationId is a breaking change there).
 */

const publicKeys = ROUTES.filter((route) => route.area !== 'internal').map(
  (route) => `${route.method} ${route.path}`,
);
const document = buildOpenApiDocument() as {
  paths: Record<string, Record<string, { operationId: string }>>;
};
const documented = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path.slice(API_PREFIX.length)}`,
    operationId: operation.operationId,
  })),
);

it('names every public operation in the table, and only routed ones', () => {
  expect(publicKeys.filter((key) => OPERATION_IDS[key] === undefined)).toEqual([]);
  expect(Object.keys(OPERATION_IDS).filter((key) => !publicKeys.includes(key))).toEqual([]);
  for (const { key, operationId } of documented)
    expect([key, operationId]).toEqual([key, OPERATION_IDS[key]]);
});

it('makes each a camelCase verb and noun, unique across the document', () => {
  const verbNoun = new RegExp(`^(${OPERATION_VERBS.join('|')})([A-Z][a-z0-9]*)+$`);
  expect(documented.filter(({ operationId }) => !verbNoun.test(operationId))).toEqual([]);
  const ids = documented.map(({ operationId }) => operationId);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
});
