import {
  assertOutletAccess,
  listableOutlets,
  mayActAtOutlet,
  newId,
  outletScopeOf,
  type AppError,
  type RequestContext,
  type Role,
} from '../src';

const tenantId = newId();
const outletA = newId();
const outletB = newId();

const staffCtx = (role: Role, outletIds: string[]): RequestContext => ({
  tenantId,
  requestId: 'r',
  caller: { kind: 'staff', userId: newId(), tenantId, role, outletIds, tokenId: 'j' },
});

const refusal = (run: () => unknown): { status: number; detail: string } | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    const { status, detail } = error as AppError;
    return { status, detail };
  }
};

describe('outlet access (spec 01, Authentication rule 4)', () => {
  it('binds an OUTLET_MANAGER to the outlets in its token, and to none when it lists none', () => {
    const manager = staffCtx('OUTLET_MANAGER', [outletA]);
    expect(outletScopeOf(manager)).toEqual([outletA]);
    expect(mayActAtOutlet(manager, outletA)).toBe(true);
    expect(mayActAtOutlet(manager, outletB)).toBe(false);
    expect(refusal(() => assertOutletAccess(manager, outletA))).toBeUndefined();
    expect(refusal(() => assertOutletAccess(manager, outletB))).toEqual({
      status: 403,
      detail: 'You do not have access to this outlet',
    });
    expect(refusal(() => assertOutletAccess(manager, [outletA, outletB], 'Not yours'))).toEqual({
      status: 403,
      detail: 'Not yours',
    });
    expect(outletScopeOf(staffCtx('OUTLET_MANAGER', []))).toEqual([]);
    expect(mayActAtOutlet(staffCtx('OUTLET_MANAGER', []), outletA)).toBe(false);
  });

  it('binds STAFF and RECEPTIONIST to the outlets their token lists; with none listed, to no outlet', () => {
    for (const role of ['STAFF', 'RECEPTIONIST'] as const) {
      expect(mayActAtOutlet(staffCtx(role, [outletA]), outletA)).toBe(true);
      expect(mayActAtOutlet(staffCtx(role, [outletA]), outletB)).toBe(false);
      expect(outletScopeOf(staffCtx(role, []))).toBeUndefined();
      expect(mayActAtOutlet(staffCtx(role, []), outletB)).toBe(true);
    }
  });

  it('leaves TENANT_ADMIN, SUPER_ADMIN, customers and system contexts unbound', () => {
    for (const role of ['TENANT_ADMIN', 'SUPER_ADMIN'] as const) {
      expect(outletScopeOf(staffCtx(role, [outletA]))).toBeUndefined();
      expect(mayActAtOutlet(staffCtx(role, [outletA]), outletB)).toBe(true);
    }
    const customer: RequestContext = {
      tenantId,
      requestId: 'r',
      caller: { kind: 'customer', customerId: newId(), tenantId, sessionId: newId() },
    };
    expect(outletScopeOf(customer)).toBeUndefined();
    expect(outletScopeOf({ caller: null })).toBeUndefined();
  });

  it("lists: the requested outlet when allowed (403 when not), else the caller's scope", () => {
    const manager = staffCtx('OUTLET_MANAGER', [outletA, outletB]);
    expect(listableOutlets(manager)).toEqual([outletA, outletB]);
    expect(listableOutlets(manager, outletB)).toEqual([outletB]);
    expect(refusal(() => listableOutlets(manager, newId()))?.status).toBe(403);
    expect(listableOutlets(staffCtx('TENANT_ADMIN', []))).toBeUndefined();
    expect(listableOutlets(staffCtx('TENANT_ADMIN', []), outletB)).toEqual([outletB]);
  });
});
