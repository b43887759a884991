import { Router } from 'express';
import { notificationsApi } from '@salon/contracts';
import { authenticate, contextOf, parseInput, type TokenVerifier } from '@salon/service-kit';
import type { NotificationsDeps } from '../domain/deps';
import { registerDevice, unregisterDevice } from '../domain/push-devices';

const { registerDeviceBody, devicePath } = notificationsApi;

// Raw SQL rows carry timestamptz as text or Date depending on the driver; the answer is ISO either way.
const iso = (at: Date | string) => new Date(at).toISOString();

/** The customer's push devices: FCM registration tokens their app registers and unregisters. */
export function deviceRoutes(deps: NotificationsDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const customer = authenticate(verifier, { allow: ['customer'] });

  router.post('/customer/devices', customer, async (req, res) => {
    const body = parseInput(registerDeviceBody, req.body ?? {}, 'body');
    const device = await registerDevice(deps, contextOf(req), body);
    res
      .status(201)
      .json({ ...device, created_at: iso(device.created_at), updated_at: iso(device.updated_at) });
  });

  router.delete('/customer/devices/:token', customer, async (req, res) => {
    const { token } = parseInput(devicePath, req.params, 'path');
    await unregisterDevice(deps, contextOf(req), token);
    res.status(204).end();
  });

  return router;
}
