import { API_OPERATIONS } from '@salon/contracts';
import { API_PREFIX, ROUTES, buildOpenApiDocument } from '../src';

/**
 * Every request and answer in the document shows an example, and each is valid: the operation's own contract
 * (the zod schema its route validates with) accepts it. The OpenAPI linter checks them against the document's
 * JSON Schemas as well (openapi-lint.test.ts, no-invalid-media-type-examples).
 */

interface Media {
  schema?: unknown;
  example?: unknown;
}
interface Operation {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
const document = buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> };

const cases = ROUTES.filter((route) => route.area !== 'internal').flatMap((route) => {
  const key = `${route.method} ${route.path}`;
  const contract = API_OPERATIONS[key];
  const operation = document.paths[API_PREFIX + route.path]?.[route.method.toLowerCase()] as Operation;
  const status = String(contract?.status ?? 200);
  return [
    {
      key,
      side: 'request',
      schema: contract?.body,
      media: operation.requestBody?.content[contract?.bodyMediaType ?? 'application/json'],
    },
    {
      key,
      side: status,
      schema: contract?.response,
      media: operation.responses[status]?.content?.[contract?.mediaType ?? 'application/json'],
    },
  ].filter((entry) => entry.schema !== undefined);
});

it('shows an example for every request body and answer that has a contract', () => {
  expect(cases.length).toBeGreaterThan(150);
  expect(
    cases.filter(({ media }) => media?.example === undefined).map(({ key, side }) => `${key} ${side}`),
  ).toEqual([]);
});

it('shows only examples their contract accepts', () => {
  const invalid = cases.flatMap(({ key, side, schema, media }) => {
    const result = schema!.safeParse(media?.example);
    return result.success ? [] : [`${key} ${side}: ${JSON.stringify(result.error.issues.slice(0, 3))}`];
  });
  expect(invalid).toEqual([]);
});
