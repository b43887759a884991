import { Router, type Response } from 'express';
import { schedulingApi } from '@salon/contracts';
import { authenticate, contextOf, parseInput } from '@salon/service-kit';
import type { SchedulingDeps } from '../domain/deps';
import { followAppointments } from '../domain/follow-appointments';

/** A comment line this often keeps proxies and load balancers (idle cut-offs of 30–60 s) from closing it. */
export const HEARTBEAT_MS = 15_000;
/**
 * The stream ends after this long and the client reconnects: the token (30 minutes) is checked again then, so a
 * revoked or expired one stops following the calendar within this time.
 */
export const STREAM_MAX_MS = 15 * 60_000;
/** How long a client waits before reconnecting after the stream ended (the SSE `retry` field). */
const RETRY_MS = 2_000;

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /appointments/stream: the console's live calendar as server-sent events (see the contract's
 * `appointmentStreamDocument`). Mounted before `/appointments/:appointment_id`.
 */
export function appointmentStreamRoutes(deps: SchedulingDeps): Router {
  const router = Router();
  const staff = [authenticate(deps.verifier, { allow: ['staff'] }), deps.plans.suspendedGuard()];

  router.get('/appointments/stream', ...staff, async (req, res) => {
    const { outlet_id: outletId } = parseInput(schedulingApi.appointmentStreamQuery, req.query, 'query');
    const scope = await followAppointments(deps, contextOf(req), { outletId });
    openEventStream(res);
    const unsubscribe = deps.appointmentChanges.subscribe({
      ...scope,
      send: (change) => res.write(event('appointment', change)),
      end: () => res.end(),
    });
    res.write(`retry: ${RETRY_MS}\n${event('ready', {})}`);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const limit = setTimeout(() => res.end(), STREAM_MAX_MS);
    res.once('close', () => {
      clearInterval(heartbeat);
      clearTimeout(limit);
      unsubscribe();
    });
  });

  return router;
}

/** The headers of an event stream: never cached, compressed or buffered by anything on the way. */
function openEventStream(res: Response): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    // nginx (an Ingress) buffers proxied answers unless told not to.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  // Each event leaves at once: no Nagle delay on a connection that carries small, rare writes.
  res.socket?.setNoDelay(true);
}
