import { z } from 'zod';
import {
  boolQuery,
  intQuery,
  offsetOf,
  pageQuery,
  pageQuerySchema,
  paged,
  parseInput,
  ValidationError,
  type ValidationIssue,
} from '../src';

function issues(schema: z.ZodType, value: unknown, location: 'body' | 'query' = 'body'): ValidationIssue[] {
  try {
    parseInput(schema, value, location);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('parseInput issue mapping', () => {
  it.each<[string, z.ZodType, unknown, Partial<ValidationIssue>]>([
    [
      'string type',
      z.object({ a: z.string() }),
      { a: 1 },
      { type: 'string_type', msg: 'Input should be a valid string' },
    ],
    [
      'short string',
      z.object({ a: z.string().min(3) }),
      { a: 'x' },
      { type: 'string_too_short', msg: 'String should have at least 3 characters' },
    ],
    [
      'long string',
      z.object({ a: z.string().max(1) }),
      { a: 'xy' },
      { type: 'string_too_long', msg: 'String should have at most 1 character' },
    ],
    ['int type', z.object({ a: z.int() }), { a: 'x' }, { type: 'int_parsing' }],
    ['float for int', z.object({ a: z.int() }), { a: 2.5 }, { type: 'int_from_float' }],
    ['bool', z.object({ a: z.boolean() }), { a: [] }, { type: 'bool_type' }],
    [
      'greater than',
      z.object({ a: z.number().positive() }),
      { a: 0 },
      { type: 'greater_than', msg: 'Input should be greater than 0' },
    ],
    ['less than or equal', z.object({ a: z.number().max(5) }), { a: 6 }, { type: 'less_than_equal' }],
    [
      'literal',
      z.object({ a: z.literal('x') }),
      { a: 'y' },
      { type: 'literal_error', msg: "Input should be 'x'" },
    ],
    ['email', z.object({ a: z.email() }), { a: 'nope' }, { type: 'value_error' }],
    [
      'list',
      z.object({ a: z.array(z.string()).min(1) }),
      { a: [] },
      { type: 'too_short', msg: 'List should have at least 1 item' },
    ],
    ['object', z.object({ a: z.object({ b: z.string() }) }), { a: 'x' }, { type: 'model_attributes_type' }],
    [
      'refine',
      z.object({ a: z.string().refine((v) => v === 'ok', 'must be ok') }),
      { a: 'no' },
      { type: 'value_error', msg: 'must be ok' },
    ],
    [
      'author message',
      z.object({ a: z.string({ error: 'name please' }) }),
      {},
      { type: 'missing', msg: 'name please' },
    ],
    [
      'custom type',
      z.object({ a: z.string().refine(() => false, { error: 'taken', params: { type: 'unique' } }) }),
      { a: 'x' },
      { type: 'unique', msg: 'taken' },
    ],
  ])('%s', (_name, schema, value, expected) => {
    expect(issues(schema, value)).toEqual([expect.objectContaining({ loc: ['body', 'a'], ...expected })]);
  });

  it('reports array elements with numeric locations', () => {
    expect(issues(z.object({ a: z.array(z.int()) }), { a: [1, 'x'] })).toEqual([
      expect.objectContaining({ loc: ['body', 'a', 1], type: 'int_parsing' }),
    ]);
  });

  it('follows the branch of a union that matched the type', () => {
    const decimal = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number')]);
    expect(issues(z.object({ a: decimal }), { a: 'abc' })).toEqual([
      { loc: ['body', 'a'], msg: 'must be a decimal number', type: 'string_pattern_mismatch' },
    ]);
    expect(issues(z.object({ a: decimal }), { a: true })).toEqual([
      { loc: ['body', 'a'], msg: 'Input should be a valid number or a valid string', type: 'float_type' },
    ]);
  });

  it('explains a bad discriminator', () => {
    const shape = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a') }),
      z.object({ kind: z.literal('b') }),
    ]);
    expect(issues(z.object({ a: shape }), { a: { kind: 'c' } })).toEqual([
      {
        loc: ['body', 'a', 'kind'],
        msg: "Input tag 'c' found using 'kind' does not match any of the expected tags: 'a', 'b'",
        type: 'union_tag_invalid',
      },
    ]);
  });

  it('parses query helpers', () => {
    const schema = z.object({ flag: boolQuery, n: intQuery });
    expect(parseInput(schema, { flag: 'FALSE', n: '-3' }, 'query')).toEqual({ flag: false, n: -3 });
    expect(parseInput(schema, { flag: '1', n: '7' }, 'query')).toEqual({ flag: true, n: 7 });
    expect(issues(schema, { flag: 'yes', n: '' }, 'query')).toEqual([
      expect.objectContaining({ loc: ['query', 'flag'], type: 'bool_parsing' }),
      expect.objectContaining({ loc: ['query', 'n'], type: 'int_parsing' }),
    ]);
  });
});

describe('text PostgreSQL cannot store', () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()).optional() });
  const refused = { msg: 'Text must not contain NUL characters or unpaired surrogates', type: 'value_error' };

  it('refuses a NUL character or an unpaired surrogate with 422 at the field', () => {
    expect(issues(schema, { name: 'a\u0000b' })).toEqual([{ loc: ['body', 'name'], ...refused }]);
    expect(issues(schema, { name: 'ok', tags: ['fine', '\ud800 alone'] })).toEqual([
      { loc: ['body', 'tags', 1], ...refused },
    ]);
    expect(issues(schema, { name: 'trailing \udc00' })).toEqual([{ loc: ['body', 'name'], ...refused }]);
  });

  it('accepts paired surrogates (emoji) and ordinary unicode', () => {
    expect(parseInput(schema, { name: 'Salon 💇 Jakarta — ß' }, 'body')).toEqual({
      name: 'Salon 💇 Jakarta — ß',
    });
  });
});

describe('paging', () => {
  it('defaults to page 1 of 20', () => {
    expect(parseInput(pageQuery, {}, 'query')).toEqual({ page: 1, size: 20 });
    expect(parseInput(pageQuery, { page: '3', size: '100' }, 'query')).toEqual({ page: 3, size: 100 });
  });

  it('rejects page 0 and size 101 on their query locations', () => {
    expect(issues(pageQuery, { page: '0', size: '101' }, 'query')).toEqual([
      {
        loc: ['query', 'page'],
        msg: 'Input should be greater than or equal to 1',
        type: 'greater_than_equal',
      },
      { loc: ['query', 'size'], msg: 'Input should be less than or equal to 100', type: 'less_than_equal' },
    ]);
  });

  it('builds custom page schemas', () => {
    const schema = pageQuerySchema({ defaultSize: 50, maxSize: 200 });
    expect(parseInput(schema, {}, 'query')).toEqual({ page: 1, size: 50 });
    expect(parseInput(schema, { size: '200' }, 'query').size).toBe(200);
  });

  it('computes pages and offsets', () => {
    expect(paged([], 0, { page: 1, size: 20 })).toEqual({ items: [], total: 0, page: 1, size: 20, pages: 0 });
    expect(paged(['a'], 41, { page: 3, size: 20 }).pages).toBe(3);
    expect(paged(['a'], 40, { page: 2, size: 20 }).pages).toBe(2);
    expect(paged([], 1, { page: 1, size: 100 }).pages).toBe(1);
    expect(offsetOf({ page: 1, size: 20 })).toBe(0);
    expect(offsetOf({ page: 3, size: 25 })).toBe(50);
  });
});
