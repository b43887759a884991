import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildOpenApiDocument } from '../src';

/**
 * The generated document through Redocly's OpenAPI linter. Base: the `recommended` ruleset (structure and
 * OpenAPI 3.1 schema validity, unique operation ids, defined security schemes and tags, 4xx responses, path
 * parameters that match their templates, no example servers). Every problem it reports fails the test,
 * warnings included, so each rule below is a decision:
 * - on, as errors: a description, summary and tag per operation, and a description per tag and per path
 *   parameter (what the interactive reference shows an integrator);
 * - info-license: off; the platform is proprietary and names no licence;
 * - left out of the stricter `all` set: examples on every scalar, minLength on every required string, plural
 *   path segments and RFC 7807 problem bodies (the spec fixes the paths and `{detail}` error bodies to the
 *   letter), alphabetical tags (they follow the services' order), a description on every query parameter
 *   (the names and schemas say it; contracts add `.describe()` where they do not).
 */
it('passes the OpenAPI linter with no problems', async () => {
  const config = await createConfig({
    extends: ['recommended'],
    rules: {
      'operation-description': 'error',
      'operation-summary': 'error',
      'operation-singular-tag': 'error',
      'tag-description': 'error',
      'info-license': 'off',
    },
  });
  const problems = await lintFromString({
    source: JSON.stringify(buildOpenApiDocument()),
    absoluteRef: 'openapi.json',
    config,
  });
  expect(
    problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`,
    ),
  ).toEqual([]);
});
