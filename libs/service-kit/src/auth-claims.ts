import { z } from 'zod';
import { objectId } from './zod-helpers';

export const ROLES = ['SUPER_ADMIN', 'TENANT_ADMIN', 'OUTLET_MANAGER', 'STAFF', 'RECEPTIONIST'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

// Registered claims every token carries; the verifier has already checked their values.
const registeredClaims = {
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  iat: z.number().optional(),
};

export const staffAccessClaimsSchema = z
  .object({
    sub: objectId,
    typ: z.literal('staff'),
    role: roleSchema,
    tenant_id: objectId.nullable(),
    outlet_ids: z.array(objectId),
    staff_id: objectId.nullish(),
    /** The sign-in session (identity's refresh-token family): ending it refuses this token at the gateway. */
    sid: objectId.optional(),
    jti: z.string().min(1),
    ...registeredClaims,
  })
  .refine((claims) => claims.tenant_id !== null || claims.role === 'SUPER_ADMIN', {
    error: 'only SUPER_ADMIN may have no tenant',
    path: ['tenant_id'],
  });

export const customerAccessClaimsSchema = z.object({
  sub: objectId,
  typ: z.literal('customer'),
  tenant_id: objectId,
  session_id: objectId,
  jti: z.string().min(1).optional(),
  ...registeredClaims,
});

/** Refresh tokens are issued and read by identity only; what else they carry is identity's business. */
export const refreshClaimsSchema = z.looseObject({
  sub: z.string().min(1),
  typ: z.literal('refresh'),
  jti: z.string().min(1),
  ...registeredClaims,
});

export const accessClaimsSchema = z.discriminatedUnion('typ', [
  staffAccessClaimsSchema,
  customerAccessClaimsSchema,
]);

export type StaffAccessClaims = z.output<typeof staffAccessClaimsSchema>;
export type CustomerAccessClaims = z.output<typeof customerAccessClaimsSchema>;
export type RefreshClaims = z.output<typeof refreshClaimsSchema>;

export interface StaffAuth {
  kind: 'staff';
  userId: string;
  tenantId: string | null;
  role: Role;
  outletIds: string[];
  staffId?: string;
  tokenId: string;
  /** The sign-in session; absent only in tokens minted before sessions were named. */
  sessionId?: string;
}

export interface CustomerAuth {
  kind: 'customer';
  customerId: string;
  tenantId: string;
  sessionId: string;
}

/** Who is calling, taken from a verified access token and nothing else. */
export type AuthContext = StaffAuth | CustomerAuth;
export type TokenKind = AuthContext['kind'];
