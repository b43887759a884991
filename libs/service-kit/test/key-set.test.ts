import { createHmac, createPublicKey, generateKeyPairSync } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import {
  commonConfigSchema,
  createTokenSigner,
  createTokenVerifier,
  jwkThumbprint,
  loadConfig,
  newId,
  publicJwkOf,
  tokenKidOf,
  type PublicJwk,
  type TokenSigner,
  type TokenVerifier,
} from '../src';

const ISSUER = 'salon-identity';
const AUDIENCE = 'salon-api';

function keyPair(type: 'ec' | 'rsa') {
  const { publicKey, privateKey } =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    jwk: publicJwkOf(publicKey),
  };
}

const ec = keyPair('ec');
const rsa = keyPair('rsa');
const signerOf = (keys: { privateKeyPem: string }) =>
  createTokenSigner({ privateKeyPem: keys.privateKeyPem, issuer: ISSUER, audience: AUDIENCE });
const ecSigner = signerOf(ec);
const rsaSigner = signerOf(rsa);

const tenantId = newId();
const staffToken = (signer: TokenSigner) =>
  signer.signStaffAccess({ sub: newId(), role: 'TENANT_ADMIN', tenant_id: tenantId, outlet_ids: [] });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const claims = () => ({
  sub: newId(),
  typ: 'staff',
  role: 'SUPER_ADMIN',
  tenant_id: tenantId,
  outlet_ids: [],
  jti: newId(),
  iss: ISSUER,
  aud: AUDIENCE,
  iat: now(),
  exp: now() + 600,
});

function expect401(verifier: TokenVerifier, token: string) {
  expect(() => verifier.verifyAccess(token)).toThrow(
    expect.objectContaining({ status: 401, message: 'Invalid or expired token' }) as Error,
  );
}

describe('kid', () => {
  it('is the RFC 7638 thumbprint of the public key (the RFC example gives its published value)', () => {
    // RFC 7638 section 3.1.
    const key = createPublicKey({
      format: 'jwk',
      key: {
        kty: 'RSA',
        e: 'AQAB',
        n:
          '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECP' +
          'ebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2Qvzq' +
          'Y368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu' +
          '0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw',
      },
    });
    expect(jwkThumbprint(key)).toBe('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });

  it('is in the header of every token identity signs, derived from the signing key', () => {
    expect(ecSigner.kid).toBe(ec.jwk.kid);
    expect(rsaSigner.kid).toBe(rsa.jwk.kid);
    expect(tokenKidOf(staffToken(ecSigner))).toBe(ec.jwk.kid);
    expect(tokenKidOf(rsaSigner.signRefresh({ sub: newId() }))).toBe(rsa.jwk.kid);
    expect(jwt.decode(staffToken(ecSigner), { complete: true })?.header).toMatchObject({
      alg: 'ES256',
      kid: ec.jwk.kid,
    });
  });

  it('publishes keys as RFC 7517 JWKs with the algorithm their type pins', () => {
    expect(ec.jwk).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      kid: ec.jwk.kid,
      alg: 'ES256',
      use: 'sig',
    });
    expect(rsa.jwk).toEqual({
      kty: 'RSA',
      n: expect.any(String),
      e: 'AQAB',
      kid: rsa.jwk.kid,
      alg: 'RS256',
      use: 'sig',
    });
  });
});

describe('a verifier with several keys', () => {
  const verifier = createTokenVerifier({
    publicKeyPem: `${ec.publicKeyPem}\n${rsa.publicKeyPem}`,
    issuer: ISSUER,
    audience: AUDIENCE,
  });

  it('accepts a token of each configured PEM, each with its own algorithm', () => {
    expect(verifier.verifyAccess(staffToken(ecSigner))).toMatchObject({ kind: 'staff', tenantId });
    expect(verifier.verifyAccess(staffToken(rsaSigner))).toMatchObject({ kind: 'staff', tenantId });
    expect(verifier.knows(ec.jwk.kid)).toBe(true);
    expect(verifier.knows(rsa.jwk.kid)).toBe(true);
  });

  it('accepts a token without kid (minted before this change) signed by any configured key', () => {
    for (const [keys, algorithm] of [
      [ec, 'ES256'],
      [rsa, 'RS256'],
    ] as const) {
      const legacy = jwt.sign(claims(), keys.privateKeyPem, { algorithm });
      expect(tokenKidOf(legacy)).toBeUndefined();
      expect(verifier.verifyAccess(legacy)).toMatchObject({ kind: 'staff' });
    }
  });

  it('refuses a token without kid signed by a key it does not hold', () => {
    expect401(verifier, jwt.sign(claims(), keyPair('ec').privateKeyPem, { algorithm: 'ES256' }));
  });

  it('refuses an unknown kid, and a kid that is not a string', () => {
    expect401(verifier, staffToken(signerOf(keyPair('ec'))));
    const header = b64({ alg: 'ES256', typ: 'JWT', kid: 42 });
    const unsigned = `${header}.${b64(claims())}`;
    expect401(
      verifier,
      `${unsigned}.${jwt.sign(claims(), ec.privateKeyPem, { algorithm: 'ES256' }).split('.')[2]}`,
    );
  });

  it("refuses a token whose kid maps to a key of another algorithm: the key's type pins it", () => {
    // RS256 header naming the EC key's kid, signed with the RSA key; and the reverse.
    const rsaNamingEc = jwt.sign(claims(), rsa.privateKeyPem, { algorithm: 'RS256', keyid: ec.jwk.kid });
    const ecNamingRsa = jwt.sign(claims(), ec.privateKeyPem, { algorithm: 'ES256', keyid: rsa.jwk.kid });
    expect401(verifier, rsaNamingEc);
    expect401(verifier, ecNamingRsa);
  });

  it('refuses alg none and HS256 signed with a public key, with or without a known kid', () => {
    for (const kid of [undefined, ec.jwk.kid, rsa.jwk.kid]) {
      expect401(verifier, `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(claims())}.`);
      for (const pem of [ec.publicKeyPem, rsa.publicKeyPem]) {
        const unsigned = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(claims())}`;
        expect401(verifier, `${unsigned}.${createHmac('sha256', pem).update(unsigned).digest('base64url')}`);
      }
    }
  });

  it('verifies refresh tokens with every key too', () => {
    expect(verifier.verifyRefresh(rsaSigner.signRefresh({ sub: 'someone' }))).toMatchObject({
      sub: 'someone',
      typ: 'refresh',
    });
  });
});

describe('JWT_PUBLIC_KEY', () => {
  const env = { INTERNAL_TOKEN: 'x'.repeat(32) };

  it('takes several concatenated PEMs, also as one line with literal \\n', () => {
    const both = `${ec.publicKeyPem}${rsa.publicKeyPem}`;
    const config = loadConfig(commonConfigSchema, { ...env, JWT_PUBLIC_KEY: both.replace(/\n/g, '\\n') });
    const verifier = createTokenVerifier({
      publicKeyPem: config.JWT_PUBLIC_KEY,
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    expect(verifier.knows(ec.jwk.kid) && verifier.knows(rsa.jwk.kid)).toBe(true);
  });

  it('refuses text between the PEM blocks and a block that is not a public key', () => {
    for (const value of [
      `${ec.publicKeyPem}garbage\n${rsa.publicKeyPem}`,
      `${ec.publicKeyPem}-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----`,
    ]) {
      expect(() => loadConfig(commonConfigSchema, { ...env, JWT_PUBLIC_KEY: value })).toThrow(
        /JWT_PUBLIC_KEY: must be one or more PEM public keys/,
      );
    }
  });
});

/** A JWKS publisher standing in for identity: serves `keys` to holders of the internal token, counts fetches. */
async function startJwks(internalToken: string) {
  const state = { keys: [] as unknown[], fetches: 0, delayMs: 0 };
  const server: Server = http.createServer((req, res) => {
    if (req.headers['x-internal-token'] !== internalToken) {
      res.writeHead(404).end();
      return;
    }
    state.fetches += 1;
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: state.keys }));
    }, state.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/jwks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('a verifier with a JWKS source', () => {
  const INTERNAL = 'internal-token-0123456789abcdef';
  let jwks: Awaited<ReturnType<typeof startJwks>>;
  const errors: unknown[] = [];
  // The configured key is the EC one; the RSA one and others come from the document.
  const make = (minRefreshIntervalMs = 200, maxAgeMs = 60_000) =>
    createTokenVerifier({
      publicKeyPem: ec.publicKeyPem,
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks: {
        url: jwks.url,
        internalToken: INTERNAL,
        minRefreshIntervalMs,
        maxAgeMs,
        onError: (e) => errors.push(e),
      },
    });
  const settle = async (verifier: TokenVerifier) => {
    await verifier.refresh(); // joins the start-up fetch
  };

  beforeEach(async () => {
    jwks = await startJwks(INTERNAL);
    errors.length = 0;
  });
  afterEach(() => jwks.close());

  it('loads the document at start with the internal token', async () => {
    jwks.state.keys = [ec.jwk, rsa.jwk];
    const verifier = make();
    await settle(verifier);
    expect(jwks.state.fetches).toBe(1);
    expect(verifier.verifyAccess(staffToken(rsaSigner))).toMatchObject({ kind: 'staff' });
    expect(errors).toEqual([]);
  });

  it('refreshes once on an unknown kid: concurrent misses share one fetch, then none inside the interval', async () => {
    jwks.state.keys = [ec.jwk];
    const verifier = make(500);
    await settle(verifier);
    expect(jwks.state.fetches).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 550));

    // The new key is published; tokens signed with it arrive before the verifier knows it.
    jwks.state.keys = [ec.jwk, rsa.jwk];
    jwks.state.delayMs = 50;
    const tokens = Array.from({ length: 20 }, () => staffToken(rsaSigner));
    expect(verifier.knows(rsa.jwk.kid)).toBe(false);
    const answers = await Promise.all(tokens.map((token) => verifier.verifyAccessAsync(token)));
    expect(answers.every((auth) => auth.kind === 'staff')).toBe(true);
    expect(jwks.state.fetches).toBe(2);

    // A kid nobody published: refused, and inside the interval it costs no further fetch.
    const stranger = staffToken(signerOf(keyPair('ec')));
    await expect(verifier.verifyAccessAsync(stranger)).rejects.toMatchObject({ status: 401 });
    await expect(verifier.verifyAccessAsync(stranger)).rejects.toMatchObject({ status: 401 });
    expect(jwks.state.fetches).toBe(2);
  });

  it('never lets the synchronous path fetch: an unknown kid is a 401 there', async () => {
    jwks.state.keys = [ec.jwk];
    const verifier = make();
    await settle(verifier);
    jwks.state.keys = [ec.jwk, rsa.jwk];
    expect401(verifier, staffToken(rsaSigner));
    expect(jwks.state.fetches).toBe(1);
  });

  it('drops a key the document no longer holds (retirement), counting it in the revision', async () => {
    jwks.state.keys = [ec.jwk, rsa.jwk];
    const verifier = make(0);
    await settle(verifier);
    const token = staffToken(rsaSigner);
    expect(verifier.verifyAccess(token)).toMatchObject({ kind: 'staff' });
    const before = verifier.revision;

    jwks.state.keys = [ec.jwk];
    await verifier.refresh();
    expect(verifier.revision).toBe(before + 1);
    expect401(verifier, token);
    await expect(verifier.verifyAccessAsync(token)).rejects.toMatchObject({ status: 401 });
    // The configured key is never dropped by the document.
    expect(verifier.verifyAccess(staffToken(ecSigner))).toMatchObject({ kind: 'staff' });
  });

  it('refetches a stale document in the background', async () => {
    jwks.state.keys = [ec.jwk, rsa.jwk];
    const verifier = make(0, 100);
    await settle(verifier);
    jwks.state.keys = [ec.jwk];
    await new Promise((resolve) => setTimeout(resolve, 150));
    verifier.refreshIfStale();
    await verifier.refresh(); // joins the background fetch
    expect401(verifier, staffToken(rsaSigner));
  });

  it('holds a document no longer than its max age, even when that is shorter than the refresh interval', async () => {
    jwks.state.keys = [ec.jwk];
    const verifier = make(5_000, 100);
    await settle(verifier);
    jwks.state.keys = [ec.jwk, rsa.jwk];
    await new Promise((resolve) => setTimeout(resolve, 150));
    verifier.refreshIfStale();
    await verifier.refresh(); // joins the background fetch
    expect(verifier.verifyAccess(staffToken(rsaSigner))).toMatchObject({ kind: 'staff' });
  });

  it('ignores keys it may not use: a kid that is not the thumbprint, another alg, a private key, not for signing', async () => {
    const other = keyPair('ec');
    const forged: PublicJwk = { ...rsa.jwk, kid: other.jwk.kid };
    const privateJwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      format: 'jwk',
    });
    jwks.state.keys = [
      forged,
      { ...other.jwk, alg: 'RS256' },
      { ...other.jwk, use: 'enc' },
      privateJwk,
      { kty: 'oct', k: 'c2VjcmV0', kid: 'hmac' },
      { ...rsa.jwk, kid: undefined }, // no kid: the thumbprint names it
    ];
    const verifier = make();
    await settle(verifier);
    expect(verifier.knows(other.jwk.kid)).toBe(false);
    expect(verifier.knows('hmac')).toBe(false);
    expect(verifier.knows(rsa.jwk.kid)).toBe(true);
    expect401(verifier, staffToken(signerOf(other)));
  });

  it('keeps the keys it holds when the publisher fails or publishes nothing', async () => {
    jwks.state.keys = [ec.jwk, rsa.jwk];
    const verifier = make(0);
    await settle(verifier);
    jwks.state.keys = [];
    await verifier.refresh();
    await jwks.close();
    await verifier.refresh();
    expect(verifier.verifyAccess(staffToken(rsaSigner))).toMatchObject({ kind: 'staff' });
    expect(errors).toHaveLength(2);
  });
});
