import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { breakingChanges, buildOpenApiDocument, committedDocumentProblems } from '../src';

/**
 * docs/openapi.json is what integrators generate clients from. CI fails when the generated document differs
 * from it ("run npm run openapi"), and names every change that breaks a client of the committed copy unless
 * docs/api-changelog.md acknowledges it. The deliberate breaks below are made on in-memory copies.
 */

type Json = Record<string, any>;
const ROOT = join(__dirname, '..', '..');
const committed = JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')) as Json;
const changelog = readFileSync(join(ROOT, 'docs', 'api-changelog.md'), 'utf8');
const generated = buildOpenApiDocument() as Json;
const copy = (document: Json): Json => JSON.parse(JSON.stringify(document)) as Json;

it('matches the committed docs/openapi.json (after a change: npm run openapi)', () => {
  expect(committedDocumentProblems(generated, committed, changelog)).toEqual([]);
});

describe('the breaking-change check', () => {
  /** The schema of GET /services' 200 answer, the item of its page, resolved once if it is a component. */
  const serviceItemOf = (document: Json): Json => {
    const page = document.paths['/api/v1/services'].get.responses['200'].content['application/json'].schema;
    const resolve = (schema: Json): Json =>
      schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;
    return resolve(resolve(page).properties.items.items);
  };

  it('fails on a removed response field, and passes once the changelog names it', () => {
    const next = copy(generated);
    delete serviceItemOf(next).properties.slug;
    const change = 'removed response field: GET /api/v1/services 200 items[].slug';
    expect(breakingChanges(generated, next)).toContain(change);

    const problems = committedDocumentProblems(next, generated, changelog);
    expect(problems).toContain(
      `breaking change not in docs/api-changelog.md (copy this line there if intended): ${change}`,
    );
    const acknowledged = `${changelog}\n## 2026-11-27: slug dropped\n\n- ${change}\n`;
    expect(committedDocumentProblems(next, generated, acknowledged)).toEqual([
      'docs/openapi.json differs from the generated document: run npm run openapi',
    ]);
    // Once rewritten, the committed copy is the new document and nothing is left to report.
    expect(committedDocumentProblems(next, copy(next), changelog)).toEqual([]);
  });

  it('fails on a removed operation, a renamed operationId, a new required field and a changed type', () => {
    const next = copy(generated);
    delete next.paths['/api/v1/services/categories'].get;
    next.paths['/api/v1/services/{service_id}'].get.operationId = 'fetchService';
    const body = next.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema;
    const login = body.$ref ? next.components.schemas[body.$ref.split('/').pop()] : body;
    login.properties.captcha = { type: 'string' };
    login.required.push('captcha');
    serviceItemOf(next).properties.duration_minutes = { type: 'string' };

    expect(breakingChanges(generated, next).sort()).toEqual([
      'changed operationId: GET /api/v1/services/{service_id} getService → fetchService',
      'changed type: GET /api/v1/services 200 items[].duration_minutes integer → string',
      'new required request field: POST /api/v1/auth/login captcha',
      'removed operation: GET /api/v1/services/categories',
    ]);
  });

  it('lets additive changes through with only "run npm run openapi"', () => {
    const next = copy(generated);
    serviceItemOf(next).properties.loyalty_points = { type: 'integer' };
    next.paths['/api/v1/things'] = { get: { operationId: 'listThings', responses: {} } };

    expect(breakingChanges(generated, next)).toEqual([]);
    expect(committedDocumentProblems(next, generated, changelog)).toEqual([
      'docs/openapi.json differs from the generated document: run npm run openapi',
    ]);
  });
});
