import { z } from 'zod';
import {
  API_OPERATIONS,
  errorBodySchema,
  validationErrorBodySchema,
  type OperationSchemaMap,
  type OperationSchemas,
} from '@salon/contracts';
import { SchemaComponents } from './openapi-components';
import { exampleOf } from './openapi-examples';
import { OPERATION_IDS, fallbackOperationId } from './operation-ids';
import { API_PREFIX, ROUTES, type Area, type Method, type Route } from './routes';

/**
 * The platform's one OpenAPI 3.1 document, built from the routing table (every non-internal row) and, where
 * `libs/contracts` has them, the zod schemas of an operation's query, body and response (`z.toJSONSchema`,
 * JSON Schema 2020-12, which OpenAPI 3.1 uses). Internal paths are left out. Each service keeps its
 * operations' schemas in `libs/contracts/src/api/<service>.ts`, which its routes validate with.
 */

/** Contract schemas by "METHOD /path" (the routing table's path template), from libs/contracts. */
export const OPERATION_SCHEMAS: OperationSchemaMap = API_OPERATIONS;

type JsonObject = Record<string, unknown>;

const ID_PATTERN = '^[0-9a-f]{24}$';
const BODY_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH']);

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return json;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit-Minute': headerRef('X-RateLimit-Limit-Minute'),
  'X-RateLimit-Remaining-Minute': headerRef('X-RateLimit-Remaining-Minute'),
  'X-RateLimit-Limit-Hour': headerRef('X-RateLimit-Limit-Hour'),
  'X-RateLimit-Remaining-Hour': headerRef('X-RateLimit-Remaining-Hour'),
};

const SECURITY: Record<Exclude<Area, 'internal'>, JsonObject[]> = {
  public: [],
  'provider-callback': [{ providerCallbackToken: [] }],
  customer: [{ customerToken: [] }],
  staff: [{ staffToken: [] }],
  either: [{ staffToken: [] }, { customerToken: [] }],
};

/** The shared error responses of `OperationSchemas.errors`, by status (each a `{detail}` ErrorBody). */
const ERROR_RESPONSES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  409: 'Conflict',
  500: 'InternalServerError',
  502: 'BadGateway',
};

const AREA_NOTE: Record<Exclude<Area, 'internal'>, string> = {
  public: 'Public: no token; rate-limited per client address.',
  'provider-callback': 'Payment provider callback: no bearer token (commerce checks `x-callback-token`).',
  customer: 'Customer token, rate-limited per customer; a staff token is 403.',
  staff: 'Staff token, rate-limited per user; a customer token is 403.',
  either: 'Staff or customer token, each rate-limited as its kind.',
};

const IDEMPOTENCY_NOTE =
  'Takes an `Idempotency-Key`: a retry with the same key and the same request within 24 hours gets the ' +
  'first answer again (status and body, with `Idempotent-Replayed: true`) and does nothing again; the same ' +
  'key with another request is 422; a retry while the first still runs waits for its answer (409 if it ' +
  'takes too long). A 5xx is not kept: a retry runs again.';

function pathParameters(path: string): JsonObject[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) =>
    name === 'slug'
      ? {
          name,
          in: 'path',
          required: true,
          description: "The tenant's slug",
          schema: { type: 'string', pattern: '^[a-z0-9-]+$' },
        }
      : {
          name,
          in: 'path',
          required: true,
          description: `The ${name.replace(/_id$/, '').replace(/_/g, ' ')}'s identifier`,
          schema: { type: 'string', pattern: ID_PATTERN },
        },
  );
}

function queryParameters(query: z.ZodObject | undefined): JsonObject[] {
  if (query === undefined) return [];
  type ObjectJson = { properties?: Record<string, JsonObject>; required?: string[] };
  // Query fields arrive as strings and are preprocessed (`intQuery.pipe(z.int().min(1)).default(1)`): the input
  // side tells which are required, the output side their bounds and defaults (the input side of a preprocess
  // is the bare integer). A field whose output JSON Schema cannot show (an amount's transform) keeps its input.
  const input = toJsonSchema(query, 'input') as ObjectJson;
  const output = toJsonSchema(query, 'output') as ObjectJson;
  return Object.entries(input.properties ?? {}).map(([name, inputSchema]) => {
    const outputSchema = output.properties?.[name];
    const chosen = outputSchema && Object.keys(outputSchema).length > 0 ? outputSchema : inputSchema;
    // A field's `.describe()` becomes the parameter's description (OpenAPI keeps it beside the schema).
    const { description, ...schema } = chosen;
    return {
      name,
      in: 'query',
      required: input.required?.includes(name) ?? false,
      ...(typeof description === 'string' ? { description } : {}),
      schema,
    };
  });
}

const operationIdOf = (route: Route) =>
  OPERATION_IDS[`${route.method} ${route.path}`] ?? fallbackOperationId(route.method, route.path);
/** The component name of an operation's own unnamed body or answer: `listServices` → `ListServicesResponse`. */
const componentName = (route: Route, suffix: 'Request' | 'Response') => {
  const id = operationIdOf(route);
  return `${id.charAt(0).toUpperCase()}${id.slice(1)}${suffix}`;
};

/**
 * A body or answer: its component and an example derived from it, under its media type (JSON unless the contract
 * names another: a PDF, a calendar). Without a contract: a generic JSON object, or a binary file.
 */
function bodyContent(
  schema: z.ZodType | undefined,
  io: 'input' | 'output',
  route: Route,
  components: SchemaComponents,
  mediaType = 'application/json',
) {
  if (schema === undefined) {
    const generic =
      mediaType === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' };
    return { [mediaType]: { schema: generic } };
  }
  const ref = components.add(schema, io, componentName(route, io === 'input' ? 'Request' : 'Response'));
  return { [mediaType]: { schema: ref, example: exampleOf(ref, components.schemas) } };
}

function operation(
  route: Route & { area: Exclude<Area, 'internal'> },
  schemas: OperationSchemas | undefined,
  components: SchemaComponents,
) {
  const successStatus = String(schemas?.status ?? 200);
  const success: JsonObject = {
    description: 'Success',
    headers: {
      'X-Request-Id': headerRef('X-Request-Id'),
      ...RATE_LIMIT_HEADERS,
      ...(schemas?.idempotent ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
    },
  };
  if (successStatus !== '204') {
    success.content = bodyContent(schemas?.response, 'output', route, components, schemas?.mediaType);
  }
  const responses: JsonObject = { [successStatus]: success };
  if (schemas?.conditional) {
    success.headers = { ...(success.headers as JsonObject), ETag: { schema: { type: 'string' } } };
    responses['304'] = { description: 'Not modified: If-None-Match names the current ETag' };
  }
  if (route.area === 'customer' || route.area === 'staff' || route.area === 'either') {
    responses['401'] = responseRef('Unauthorized');
    responses['403'] = responseRef('Forbidden');
  }
  for (const status of schemas?.errors ?? []) {
    const name = ERROR_RESPONSES[status];
    responses[String(status)] = name ? responseRef(name) : errorResponse(`Error ${status}`);
  }
  // A retry whose first request with the same key is still running past the wait.
  if (schemas?.idempotent) responses['409'] = responseRef('Conflict');
  responses['404'] = responseRef('NotFound');
  if (BODY_METHODS.has(route.method)) responses['413'] = responseRef('PayloadTooLarge');
  responses['422'] = responseRef('ValidationError');
  responses['429'] = responseRef('TooManyRequests');
  responses['503'] = responseRef('ServiceUnavailable');
  responses['504'] = responseRef('GatewayTimeout');

  const parameters = [
    ...pathParameters(route.path),
    ...queryParameters(schemas?.query),
    ...(schemas?.idempotent ? [parameterRef('Idempotency-Key')] : []),
  ];
  const roles = route.roles ? ` Roles: ${route.roles.join(', ')}.` : '';
  const idempotency = schemas?.idempotent ? ` ${IDEMPOTENCY_NOTE}` : '';
  const op: JsonObject = {
    operationId: operationIdOf(route),
    summary: route.summary,
    description: `${AREA_NOTE[route.area]}${roles} Served by ${route.service}.${idempotency}`,
    tags: [route.service],
    security: SECURITY[route.area],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses,
  };
  if (BODY_METHODS.has(route.method)) {
    op.requestBody = {
      required: schemas?.body !== undefined,
      content: bodyContent(schemas?.body, 'input', route, components, schemas?.bodyMediaType),
    };
  }
  if (route.roles) op['x-roles'] = [...route.roles];
  return op;
}

const errorResponse = (description: string, extraHeaders: JsonObject = {}) => ({
  description,
  headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...extraHeaders },
  content: { 'application/json': { schema: ref('ErrorBody') } },
});

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });

export function buildOpenApiDocument(
  routes: readonly Route[] = ROUTES,
  schemas: OperationSchemaMap = OPERATION_SCHEMAS,
): JsonObject {
  const documented = routes.filter(
    (route): route is Route & { area: Exclude<Area, 'internal'> } => route.area !== 'internal',
  );
  const components = new SchemaComponents();
  components.add(errorBodySchema, 'output', 'ErrorBody');
  components.add(validationErrorBodySchema, 'output', 'ValidationErrorBody');
  // Answers first: a named schema's answer side takes its name, a differing request side `<name>Input`.
  for (const route of documented) {
    const response = schemas[`${route.method} ${route.path}`]?.response;
    if (response) components.add(response, 'output', componentName(route, 'Response'));
  }
  const paths: Record<string, JsonObject> = {};
  for (const route of documented) {
    const item = (paths[API_PREFIX + route.path] ??= {});
    item[route.method.toLowerCase()] = operation(route, schemas[`${route.method} ${route.path}`], components);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Salon platform API',
      version: '1.0.0',
      description:
        'Multi-tenant booking platform for salons, spas and wellness businesses. Every path is served through ' +
        'the gateway under /api/v1. Errors are `{detail: string}`; validation errors are 422 ' +
        '`{detail: [{loc, msg, type}]}`. Rate limits (defaults): staff 100 per minute and 1,000 per hour per ' +
        'user, customers 60 and 600 per customer, public 30 and 300 per client address; every limited response ' +
        'carries X-RateLimit-* headers, and past a limit the answer is 429 with Retry-After.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.filter((r) => r.area !== 'internal').map((r) => r.service))].map((name) => ({
      name,
      description: `Served by the ${name} service`,
    })),
    paths,
    components: {
      securitySchemes: {
        staffToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Staff access token from POST /api/v1/auth/login (30 minutes).',
        },
        customerToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Customer access token from POST /api/v1/customer/auth/login (3600 seconds).',
        },
        providerCallbackToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-callback-token',
          description: "The payment provider's callback verification token.",
        },
      },
      schemas: components.schemas,
      headers: {
        'X-Request-Id': {
          description: "The request's id (the client's when well-formed)",
          schema: { type: 'string' },
        },
        'X-RateLimit-Limit-Minute': integerHeader('Requests allowed per minute in this area'),
        'X-RateLimit-Remaining-Minute': integerHeader('Requests left in the current minute'),
        'X-RateLimit-Limit-Hour': integerHeader('Requests allowed per hour in this area'),
        'X-RateLimit-Remaining-Hour': integerHeader('Requests left in the current hour'),
        'Retry-After': integerHeader('Seconds to wait before retrying'),
        'Idempotent-Replayed': {
          description:
            'true when the answer is the stored first answer to an earlier request with the same key',
          schema: { type: 'string', enum: ['true'] },
        },
      },
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            "The client's key for this operation (1 to 255 printable ASCII characters, e.g. a UUID), scoped to " +
            'the caller and the operation and remembered for 24 hours; another request under the same key is 422.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
        },
      },
      responses: {
        BadRequest: errorResponse('The request was refused by a business rule (the detail says which)'),
        Unauthorized: errorResponse('Missing or invalid access token, or wrong credentials', {
          'WWW-Authenticate': { schema: { type: 'string' } },
        }),
        Forbidden: errorResponse('The token is valid but may not use this route'),
        PaymentRequired: errorResponse(
          "The tenant's plan does not allow it (a limit reached or a paid feature)",
        ),
        NotFound: errorResponse('Not found, or of another tenant'),
        Conflict: errorResponse('Conflicts with existing data (a duplicate, or a state that forbids it)'),
        PayloadTooLarge: errorResponse('Request body over 1 MB'),
        ValidationError: {
          description: 'Request validation failed',
          content: { 'application/json': { schema: ref('ValidationErrorBody') } },
        },
        TooManyRequests: errorResponse('Rate limit exceeded', {
          'Retry-After': headerRef('Retry-After'),
          ...RATE_LIMIT_HEADERS,
        }),
        InternalServerError: errorResponse('The operation failed inside the service (the detail says how)'),
        BadGateway: errorResponse('An upstream provider (e.g. the payment gateway) failed'),
        ServiceUnavailable: errorResponse('The owning service is temporarily unavailable', {
          'Retry-After': headerRef('Retry-After'),
        }),
        GatewayTimeout: errorResponse('The owning service did not answer in time'),
      },
    },
  };
}
