import { z } from 'zod';
import { intQuery, pagedSchema } from '@salon/contracts';
import { API_PREFIX, ROUTES, buildOpenApiDocument, type Route } from '../src';
import { startGateway, type RunningGateway } from './helpers';

let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway();
});

afterAll(() => gateway.close());

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, Record<string, unknown>>;
    schemas: Record<string, Record<string, unknown>>;
    responses: Record<string, unknown>;
  };
}

describe('GET /api/v1/openapi.json', () => {
  let document: Document;

  beforeAll(async () => {
    const response = await fetch(`${gateway.url}${API_PREFIX}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('x-ratelimit-limit-minute')).toBe('30');
    document = (await response.json()) as Document;
  });

  it('is one OpenAPI 3.1 document listing every routed path and method except the internal ones', () => {
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routed = ROUTES.filter((route) => route.area !== 'internal').map(
      (route) => `${route.method} ${API_PREFIX}${route.path}`,
    );
    expect(listed.sort()).toEqual(routed.sort());
    for (const path of Object.keys(document.paths)) {
      expect(path).not.toMatch(/\/internal\/|\/webhooks\/notifications|quota-reset/);
    }
  });

  it('declares the security of each area', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'customerToken',
      'providerCallbackToken',
      'staffToken',
    ]);
    const op = (method: string, path: string) => document.paths[API_PREFIX + path]?.[method] as Operation;
    expect(op('get', '/tenants').security).toEqual([{ staffToken: [] }]);
    expect(op('get', '/customers/profile').security).toEqual([{ customerToken: [] }]);
    expect(op('get', '/services').security).toEqual([{ staffToken: [] }, { customerToken: [] }]);
    expect(op('post', '/public/register').security).toEqual([]);
    expect(op('post', '/webhooks/gateway-invoice/tenant/{tenant_id}').security).toEqual([
      { providerCallbackToken: [] },
    ]);
    expect(op('get', '/tenants').responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(op('post', '/public/register').responses['401']).toBeUndefined();
  });

  it('describes the error bodies and path parameters', () => {
    expect(document.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      properties: { detail: { type: 'string' } },
      required: ['detail'],
    });
    expect(document.components.schemas.ValidationErrorBody).toMatchObject({ type: 'object' });
    expect(Object.keys(document.components.responses)).toEqual(
      expect.arrayContaining([
        'Unauthorized',
        'Forbidden',
        'NotFound',
        'TooManyRequests',
        'ServiceUnavailable',
      ]),
    );
    const params = document.paths[`${API_PREFIX}/customers/{customer_id}/appointments`]?.get?.parameters;
    expect(params?.filter((param) => param.in === 'path')).toEqual([
      {
        name: 'customer_id',
        in: 'path',
        required: true,
        description: "The customer's identifier",
        schema: { type: 'string', pattern: '^[0-9a-f]{24}$' },
      },
    ]);
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('contract schemas', () => {
  it('become the query parameters, request body, response and error responses of their operation', () => {
    const routes: Route[] = [
      { method: 'POST', path: '/things', service: 'catalog', area: 'staff', summary: 'Create' },
    ];
    const thing = z
      .object({ id: z.string(), price: z.union([z.number(), z.string()]).transform(String) })
      .meta({ id: 'Thing' });
    const document = buildOpenApiDocument(routes, {
      'POST /things': {
        query: z.object({
          check_duplicate: z.boolean().optional(),
          page: z.int().min(1),
          size: intQuery.pipe(z.int().min(1).max(100)).default(20).describe('Items per page'),
        }),
        body: z.object({ name: z.string().max(200) }),
        response: pagedSchema(thing),
        status: 201,
        errors: [402, 409],
      },
    }) as unknown as Document;
    const operation = document.paths['/api/v1/things']?.post as Operation;
    expect(operation.parameters).toEqual([
      { name: 'check_duplicate', in: 'query', required: false, schema: { type: 'boolean' } },
      {
        name: 'page',
        in: 'query',
        required: true,
        schema: expect.objectContaining({ type: 'integer', minimum: 1 }),
      },
      // A preprocessed string field shows its bounds and default, and is optional (it has a default).
      {
        name: 'size',
        in: 'query',
        required: false,
        description: 'Items per page',
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 20 }),
      },
    ]);
    expect(operation.responses['402']).toEqual({ $ref: '#/components/responses/PaymentRequired' });
    expect(operation.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    // The operation's own body and answer are components named after its operationId (the fallback one here,
    // as the route is not in the table); a schema the contracts name is one component, referenced where used.
    expect(operation.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/PostThingsRequest',
    });
    expect(document.components.schemas.PostThingsRequest).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 200 } },
    });
    expect(operation.responses['201']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/PostThingsResponse',
    });
    expect(document.components.schemas.PostThingsResponse).toMatchObject({
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
        total: { type: 'integer' },
      },
    });
    expect(document.components.schemas.Thing).toMatchObject({ type: 'object', required: ['id', 'price'] });
  });

  it('give a named schema whose request side differs from its answer side a second component, <name>Input', () => {
    const routes: Route[] = [
      { method: 'POST', path: '/gadgets', service: 'catalog', area: 'staff', summary: 'Create' },
    ];
    const gadget = z.object({ colour: z.string().default('red') }).meta({ id: 'Gadget' });
    const document = buildOpenApiDocument(routes, {
      'POST /gadgets': { body: z.object({ gadget }), response: gadget },
    }) as unknown as Document;
    expect(document.components.schemas.Gadget).toMatchObject({ required: ['colour'] });
    expect(document.components.schemas.GadgetInput).not.toHaveProperty('required');
    expect(document.components.schemas.PostGadgetsRequest).toMatchObject({
      properties: { gadget: { $ref: '#/components/schemas/GadgetInput' } },
    });
  });
});

describe('a file answer', () => {
  it('is documented with its media type and a binary body: the invoice PDF', () => {
    const document = buildOpenApiDocument() as unknown as Document;
    const operation = document.paths[`${API_PREFIX}/public/invoices/{invoice_id}/pdf`]?.get as Operation;
    expect(operation.responses['200']?.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ name: 'token', in: 'query', required: true }),
    );
  });
});

describe('Idempotency-Key', () => {
  it('is a header parameter of exactly the idempotent operations, with their replay header and 409', () => {
    const document = buildOpenApiDocument() as unknown as Document;
    const keyed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) =>
          (operation.parameters ?? []).some(
            (parameter) =>
              (parameter as { $ref?: string }).$ref === '#/components/parameters/Idempotency-Key',
          ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path.slice(API_PREFIX.length)}`),
    );
    expect(keyed.sort()).toEqual([
      'POST /appointments',
      'POST /customer-packages/{customer_package_id}/record-payment',
      'POST /customer/package-payments/{customer_package_id}/record-payment',
      'POST /customer/packages/purchase',
      'POST /customer/payments/process-appointment',
      'POST /staff/appointments',
      'POST /staff/customer-packages',
    ]);
    const sale = document.paths[`${API_PREFIX}/staff/customer-packages`]?.post as Operation & {
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    expect(sale.responses['201']?.headers).toHaveProperty('Idempotent-Replayed');
    expect(sale.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
  });
});

describe('GET /api/v1/docs', () => {
  it('serves an interactive reference page and its assets locally (no CDN)', async () => {
    const page = await fetch(`${gateway.url}${API_PREFIX}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<div id="swagger-ui">');
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, value]) => value as string)) {
      const asset = await fetch(`${gateway.url}${src}`);
      expect(asset.status).toBe(200);
      await asset.arrayBuffer();
    }
    const init = await (await fetch(`${gateway.url}${API_PREFIX}/docs/init.js`)).text();
    expect(init).toContain(`${API_PREFIX}/openapi.json`);
  });
});
