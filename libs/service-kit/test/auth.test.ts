import { createHmac, generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import {
  authenticate,
  createHttpApp,
  createTokenSigner,
  createTokenVerifier,
  finishHttpApp,
  newId,
  requireRoles,
  staffOf,
  tenantIn,
  contextOf,
  type AppError,
  type TokenSigner,
} from '../src';
import { captureLogger, listen, type Running } from './helpers';

const ISSUER = 'salon-identity';
const AUDIENCE = 'salon-api';

function ecKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

const keys = ecKeys();
const signer = createTokenSigner({ privateKeyPem: keys.privateKeyPem, issuer: ISSUER, audience: AUDIENCE });
const verifier = createTokenVerifier({ publicKeyPem: keys.publicKeyPem, issuer: ISSUER, audience: AUDIENCE });

const tenantId = newId();
const userId = newId();
const outletId = newId();
const staffId = newId();
const customerId = newId();
const sessionId = newId();

const staffClaims = {
  sub: userId,
  role: 'OUTLET_MANAGER' as const,
  tenant_id: tenantId,
  outlet_ids: [outletId],
  staff_id: staffId,
};
const staffToken = (s: TokenSigner = signer, ttl?: number) => s.signStaffAccess(staffClaims, ttl);
const customerToken = () =>
  signer.signCustomerAccess({ sub: customerId, tenant_id: tenantId, session_id: sessionId });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function expect401(token: string) {
  let thrown: unknown;
  try {
    verifier.verifyAccess(token);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toMatchObject({
    status: 401,
    detail: 'Invalid or expired token',
  } satisfies Partial<AppError>);
}

describe('token verification', () => {
  it('turns a staff token into a staff context', () => {
    const auth = verifier.verifyAccess(staffToken());
    expect(auth).toEqual({
      kind: 'staff',
      userId,
      tenantId,
      role: 'OUTLET_MANAGER',
      outletIds: [outletId],
      staffId,
      tokenId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(verifier.algorithm).toBe('ES256');
  });

  it('turns a customer token into a customer context', () => {
    expect(verifier.verifyAccess(customerToken())).toEqual({
      kind: 'customer',
      customerId,
      tenantId,
      sessionId,
    });
  });

  it('accepts a SUPER_ADMIN without tenant', () => {
    const token = signer.signStaffAccess({
      sub: userId,
      role: 'SUPER_ADMIN',
      tenant_id: null,
      outlet_ids: [],
    });
    expect(verifier.verifyAccess(token)).toMatchObject({
      kind: 'staff',
      role: 'SUPER_ADMIN',
      tenantId: null,
    });
  });

  it('rejects an expired token', () => {
    expect401(staffToken(signer, -60));
  });

  it('rejects a wrong issuer and a wrong audience', () => {
    expect401(
      staffToken(
        createTokenSigner({ privateKeyPem: keys.privateKeyPem, issuer: 'evil', audience: AUDIENCE }),
      ),
    );
    expect401(
      staffToken(createTokenSigner({ privateKeyPem: keys.privateKeyPem, issuer: ISSUER, audience: 'other' })),
    );
  });

  it('rejects a token signed by another key', () => {
    const other = ecKeys();
    expect401(
      staffToken(
        createTokenSigner({ privateKeyPem: other.privateKeyPem, issuer: ISSUER, audience: AUDIENCE }),
      ),
    );
  });

  it('rejects alg none', () => {
    const payload = jwt.decode(staffToken()) as object;
    expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`);
  });

  it('rejects HS256 signed with the public key PEM as the secret', () => {
    const payload = jwt.decode(staffToken()) as object;
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
    const signature = createHmac('sha256', keys.publicKeyPem).update(unsigned).digest('base64url');
    expect401(`${unsigned}.${signature}`);
  });

  it('rejects a tampered payload', () => {
    const [header, payload, signature] = staffToken().split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect401(`${header}.${b64({ ...claims, role: 'TENANT_ADMIN' })}.${signature}`);
  });

  it('refuses a refresh token as an access token, and reads it as a refresh token', () => {
    const refresh = signer.signRefresh({ sub: userId, kind: 'staff', typ: 'staff', exp: 1 });
    expect401(refresh);
    expect(verifier.verifyRefresh(refresh)).toMatchObject({ sub: userId, typ: 'refresh', kind: 'staff' });
    expect(() => verifier.verifyRefresh(staffToken())).toThrow('Invalid or expired token');
  });

  it('rejects garbage and validly signed tokens with malformed claims', () => {
    expect401('not.a.token');
    const raw = jwt.sign({ sub: 'x', typ: 'staff', role: 'STAFF' }, keys.privateKeyPem, {
      algorithm: 'ES256',
      issuer: ISSUER,
      audience: AUDIENCE,
      expiresIn: 60,
    });
    expect401(raw);
  });

  it('never signs claims the verifier would refuse', () => {
    expect(() =>
      signer.signStaffAccess({ sub: userId, role: 'STAFF', tenant_id: null, outlet_ids: [] }),
    ).toThrow();
  });

  it('works with RSA keys as RS256', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsaSigner = createTokenSigner({
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const rsaVerifier = createTokenVerifier({
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    expect(rsaSigner.algorithm).toBe('RS256');
    expect(rsaVerifier.verifyAccess(staffToken(rsaSigner))).toMatchObject({ kind: 'staff', userId });
    // An ES256 token must not pass an RS256-pinned verifier.
    expect(() => rsaVerifier.verifyAccess(staffToken())).toThrow('Invalid or expired token');
  });

  it('refuses unsupported key types at construction', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => createTokenVerifier({ publicKeyPem: pem, issuer: ISSUER, audience: AUDIENCE })).toThrow(
      /Unsupported JWT key/,
    );
  });
});

describe('auth middleware', () => {
  let server: Running;

  beforeAll(async () => {
    const { logger } = captureLogger();
    const app = createHttpApp({ service: 'auth', logger });
    app.get('/staff', authenticate(verifier, { allow: ['staff'] }), (req, res) => {
      res.json({ tenant: tenantIn(contextOf(req)), user: staffOf(req).userId });
    });
    app.get(
      '/admin',
      authenticate(verifier, { allow: ['staff'] }),
      requireRoles('TENANT_ADMIN'),
      (_req, res) => {
        res.json({ ok: true });
      },
    );
    app.get('/any', authenticate(verifier, { allow: ['staff', 'customer'] }), (req, res) => {
      res.json({ kind: req.auth?.kind, tenant: tenantIn(contextOf(req)) });
    });
    finishHttpApp(app, logger);
    server = await listen(app);
  });

  afterAll(() => server.close());

  const get = (path: string, token?: string) =>
    fetch(server.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('lets a staff token through and takes the tenant from it, never from the query', async () => {
    const response = await get(`/staff?tenant_id=${newId()}`, staffToken());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ tenant: tenantId, user: userId });
  });

  it('answers 401 without a token and with an invalid one', async () => {
    const missing = await get('/staff');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect(await missing.json()).toEqual({ detail: 'Not authenticated' });
    const invalid = await get('/staff', staffToken(signer, -60));
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ detail: 'Invalid or expired token' });
  });

  it('answers 403 to a customer token on a staff-only route', async () => {
    const response = await get('/staff', customerToken());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ detail: 'Insufficient permissions' });
  });

  it('answers 403 when the role is not allowed', async () => {
    const response = await get('/admin', staffToken());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ detail: 'Insufficient permissions' });
    const admin = signer.signStaffAccess({ ...staffClaims, role: 'TENANT_ADMIN' });
    expect((await get('/admin', admin)).status).toBe(200);
  });

  it('answers 401 to a refresh token', async () => {
    const response = await get('/any', signer.signRefresh({ sub: userId }));
    expect(response.status).toBe(401);
  });

  it('serves both kinds where both are allowed', async () => {
    const response = await get('/any', customerToken());
    expect(await response.json()).toEqual({ kind: 'customer', tenant: tenantId });
  });
});
