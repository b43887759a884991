import { Router } from 'express';
import { REVOKED_SESSIONS_PATH, revokedSessionsQuery } from '@salon/contracts';
import { contextOf, parseInput, requireInternalToken } from '@salon/service-kit';
import type { IdentityDeps } from '../domain/deps';
import { listRevokedSessions } from '../domain/list-revoked-sessions';

/** The ended sessions the gateway polls to refuse their access tokens (internal: the internal token only). */
export function revokedSessionsRoutes(deps: IdentityDeps, internalToken: string): Router {
  const router = Router();
  router.get(REVOKED_SESSIONS_PATH, requireInternalToken(internalToken), async (req, res) => {
    const query = parseInput(revokedSessionsQuery, req.query, 'query');
    res.set('Cache-Control', 'no-store').json(await listRevokedSessions(deps, contextOf(req), query));
  });
  return router;
}
