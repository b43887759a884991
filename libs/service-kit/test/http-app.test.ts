import express from 'express';
import { z } from 'zod';
import {
  conflict,
  createHttpApp,
  finishHttpApp,
  objectId,
  pageQuery,
  paged,
  parseInput,
  paymentRequired,
  boolQuery,
} from '../src';
import { captureLogger, listen, type Running } from './helpers';

const createItem = z.strictObject({
  name: z.string().min(1),
  pricing: z.object({ base_price: z.number().min(0), currency: z.enum(['IDR', 'USD']).default('IDR') }),
});

const { logger, lines } = captureLogger('items');
let server: Running;

beforeAll(async () => {
  const app = createHttpApp({ service: 'items', logger });
  app.post('/items', (req, res) => {
    res.status(201).json(parseInput(createItem, req.body, 'body'));
  });
  app.get('/items', (req, res) => {
    const query = parseInput(pageQuery.extend({ active: boolQuery.optional() }), req.query, 'query');
    res.json({ ...paged([], 0, query), active: query.active ?? null });
  });
  app.get('/items/:item_id', (req, res) => {
    const { item_id } = parseInput(z.object({ item_id: objectId }), req.params, 'path');
    res.json({ id: item_id });
  });
  app.get('/boom', () => {
    throw new Error('database password leaked in message');
  });
  app.get('/boom-async', async () => {
    await Promise.resolve();
    throw new TypeError('async failure');
  });
  app.post('/direct-zod', (req, res) => {
    res.json(z.object({ quantity: z.int().positive() }).parse(req.body));
  });
  app.get('/limit', () => {
    throw paymentRequired({
      error: 'subscription_limit_reached',
      message: 'Upgrade',
      upgrade_required: true,
    });
  });
  app.get('/conflict', () => {
    throw conflict('Slot already booked');
  });
  const router = express.Router();
  router.get('/:id', () => {
    throw new Error('nested failure');
  });
  app.use('/nested', router);
  finishHttpApp(app, logger);
  server = await listen(app);
});

afterAll(() => server.close());

const post = (path: string, body: string, contentType = 'application/json') =>
  fetch(server.url + path, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('validation failures render the 422 list', () => {
  it('reports body fields with their full location', async () => {
    const response = await post(
      '/items',
      JSON.stringify({ pricing: { base_price: -5, currency: 'EUR' }, extra: 1 }),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: expect.arrayContaining([
        { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
        {
          loc: ['body', 'pricing', 'base_price'],
          msg: 'Input should be greater than or equal to 0',
          type: 'greater_than_equal',
        },
        { loc: ['body', 'pricing', 'currency'], msg: "Input should be 'IDR' or 'USD'", type: 'enum' },
        { loc: ['body', 'extra'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
      ]),
    });
  });

  it('reports a wrongly typed body field', async () => {
    const response = await post('/items', JSON.stringify({ name: 'Cut', pricing: { base_price: 'abc' } }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [
        {
          loc: ['body', 'pricing', 'base_price'],
          msg: 'Input should be a valid number, unable to parse string as a number',
          type: 'float_parsing',
        },
      ],
    });
  });

  it('treats a missing JSON body as a missing body', async () => {
    const response = await fetch(`${server.url}/items`, { method: 'POST' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
    });
  });

  it('reports query parameters', async () => {
    const response = await fetch(`${server.url}/items?size=abc&active=maybe`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [
        {
          loc: ['query', 'size'],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          type: 'int_parsing',
        },
        {
          loc: ['query', 'active'],
          msg: 'Input should be a valid boolean, unable to interpret input',
          type: 'bool_parsing',
        },
      ],
    });
  });

  it('reports path parameters, a malformed identifier included', async () => {
    const response = await fetch(`${server.url}/items/not-an-id`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [
        {
          loc: ['path', 'item_id'],
          msg: 'Input should be a 24-character lowercase hexadecimal identifier',
          type: 'string_pattern_mismatch',
        },
      ],
    });
  });

  it('renders a zod error thrown directly by a route as a body 422', async () => {
    const response = await post('/direct-zod', JSON.stringify({ quantity: 1.5 }));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: unknown; type: string }[] };
    expect(body.detail).toEqual([expect.objectContaining({ loc: ['body', 'quantity'], type: 'int_type' })]);
  });

  it('answers malformed JSON with json_invalid', async () => {
    const response = await post('/items', '{"name": ');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }],
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await post('/items', JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: 'Request body too large' });
  });

  it('accepts valid input', async () => {
    const response = await post('/items', JSON.stringify({ name: 'Cut', pricing: { base_price: 150000 } }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'Cut', pricing: { base_price: 150000, currency: 'IDR' } });
  });
});

describe('paging over HTTP', () => {
  it('applies defaults', async () => {
    const response = await fetch(`${server.url}/items?active=true`);
    expect(await response.json()).toEqual({ items: [], total: 0, page: 1, size: 20, pages: 0, active: true });
  });

  it.each([
    ['page=0', ['query', 'page'], 'greater_than_equal'],
    ['size=101', ['query', 'size'], 'less_than_equal'],
    ['size=0', ['query', 'size'], 'greater_than_equal'],
    ['page=1.5', ['query', 'page'], 'int_parsing'],
  ])('rejects %s', async (query, loc, type) => {
    const response = await fetch(`${server.url}/items?${query}`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: [expect.objectContaining({ loc, type })] });
  });
});

describe('errors', () => {
  it('renders an unexpected throw as a bare 500 and logs the stack', async () => {
    const response = await fetch(`${server.url}/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ detail: 'Internal Server Error' });
    expect(text).not.toMatch(/password|at |stack/);
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ level: 'error', err: { message: 'database password leaked in message' } });
    expect(String((logged?.err as { stack?: string }).stack)).toContain('http-app.test.ts');
  });

  it('renders rejected promises from async handlers', async () => {
    const response = await fetch(`${server.url}/boom-async`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ detail: 'Internal Server Error' });
  });

  it('answers an unknown route with 404 Not Found', async () => {
    const response = await fetch(`${server.url}/nowhere`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not Found' });
  });

  it('renders AppError details and custom bodies', async () => {
    const limit = await fetch(`${server.url}/limit`);
    expect(limit.status).toBe(402);
    expect(await limit.json()).toEqual({
      error: 'subscription_limit_reached',
      message: 'Upgrade',
      upgrade_required: true,
    });
    const taken = await fetch(`${server.url}/conflict`);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ detail: 'Slot already booked' });
  });

  it('does not advertise express', async () => {
    const response = await fetch(`${server.url}/items`);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
