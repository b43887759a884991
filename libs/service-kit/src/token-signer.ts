import { createPrivateKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { z } from 'zod';
import {
  customerAccessClaimsSchema,
  refreshClaimsSchema,
  staffAccessClaimsSchema,
  type Role,
} from './auth-claims';
import { newId } from './ids';
import { algorithmFor, jwkThumbprint, type JwtAlgorithm } from './jwt-keys';

export interface TokenSignerOptions {
  privateKeyPem: string;
  issuer: string;
  audience: string;
}

export interface StaffAccessInput {
  sub: string;
  role: Role;
  tenant_id: string | null;
  outlet_ids: string[];
  staff_id?: string | null;
  /** The sign-in session the token belongs to (identity: the refresh-token family). */
  sid?: string;
  jti?: string;
}

export interface CustomerAccessInput {
  sub: string;
  tenant_id: string;
  session_id: string;
  jti?: string;
}

export interface RefreshInput {
  sub: string;
  jti?: string;
  [claim: string]: unknown;
}

export const STAFF_ACCESS_TTL_SECONDS = 30 * 60;
export const CUSTOMER_ACCESS_TTL_SECONDS = 60 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenSigner {
  readonly algorithm: JwtAlgorithm;
  /** The `kid` every token's header carries: the RFC 7638 thumbprint of the signing key's public key. */
  readonly kid: string;
  signStaffAccess(claims: StaffAccessInput, ttlSeconds?: number): string;
  signCustomerAccess(claims: CustomerAccessInput, ttlSeconds?: number): string;
  signRefresh(claims: RefreshInput, ttlSeconds?: number): string;
}

const RESERVED_CLAIMS = new Set(['typ', 'iss', 'aud', 'exp', 'iat', 'nbf']);

/** Mints tokens; only identity (and test harnesses) hold the private key. */
export function createTokenSigner({ privateKeyPem, issuer, audience }: TokenSignerOptions): TokenSigner {
  const key = createPrivateKey(privateKeyPem);
  const algorithm = algorithmFor(key);
  const kid = jwkThumbprint(key);

  // The payload is validated with the verifier's own schema, so no token is minted that services would refuse.
  const sign = <S extends z.ZodType>(
    schema: S,
    claims: Record<string, unknown>,
    ttlSeconds: number,
  ): string => {
    const iat = Math.floor(Date.now() / 1000);
    const payload = schema.parse({ ...claims, iss: issuer, aud: audience, iat, exp: iat + ttlSeconds });
    return jwt.sign(payload as object, key, { algorithm, keyid: kid });
  };

  return {
    algorithm,
    kid,
    signStaffAccess: (claims, ttlSeconds = STAFF_ACCESS_TTL_SECONDS) =>
      sign(staffAccessClaimsSchema, { ...claims, typ: 'staff', jti: claims.jti ?? newId() }, ttlSeconds),
    signCustomerAccess: (claims, ttlSeconds = CUSTOMER_ACCESS_TTL_SECONDS) =>
      sign(
        customerAccessClaimsSchema,
        { ...claims, typ: 'customer', jti: claims.jti ?? newId() },
        ttlSeconds,
      ),
    signRefresh: (claims, ttlSeconds = REFRESH_TTL_SECONDS) => {
      // Extra claims may not override what the signer owns (type, issuer, audience, lifetime).
      const extra = Object.entries(claims).filter(([name]) => !RESERVED_CLAIMS.has(name));
      return sign(
        refreshClaimsSchema,
        { ...Object.fromEntries(extra), typ: 'refresh', jti: claims.jti ?? newId() },
        ttlSeconds,
      );
    },
  };
}
