import { Router } from 'express';
import { webhooksApi } from '@salon/contracts';
import {
  authenticate,
  contextOf,
  offsetOf,
  paged,
  parseInput,
  requireRoles,
  type TokenVerifier,
} from '@salon/service-kit';
import type { NotificationsDeps } from '../domain/deps';
import { changeEndpoint } from '../domain/change-webhook-endpoint';
import { createEndpoint } from '../domain/create-webhook-endpoint';
import { getEndpoint, listDeliveries, listEndpoints } from '../domain/find-webhook-endpoints';
import { pingEndpoint } from '../domain/ping-webhook-endpoint';
import { removeEndpoint } from '../domain/remove-webhook-endpoint';
import { replayDelivery } from '../domain/replay-webhook-delivery';
import { createdEndpointView, deliveryView, endpointView } from './webhook-endpoint.view';

const { createEndpointBody, updateEndpointBody, endpointPath, deliveryPath, deliveryListQuery } = webhooksApi;

/** Outbound webhook endpoints (docs/webhooks.md): the tenant's administrators only. */
export function webhookEndpointRoutes(deps: NotificationsDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const admins = [
    authenticate(verifier, { allow: ['staff'] }),
    deps.plans.suspendedGuard(),
    requireRoles('TENANT_ADMIN', 'SUPER_ADMIN'),
  ];

  router.post('/webhook-endpoints', ...admins, async (req, res) => {
    const body = parseInput(createEndpointBody, req.body ?? {}, 'body');
    res.status(201).json(createdEndpointView(await createEndpoint(deps, contextOf(req), body)));
  });

  router.get('/webhook-endpoints', ...admins, async (req, res) => {
    res.json({ items: (await listEndpoints(deps, contextOf(req))).map(endpointView) });
  });

  router.get('/webhook-endpoints/:endpoint_id', ...admins, async (req, res) => {
    const { endpoint_id } = parseInput(endpointPath, req.params, 'path');
    res.json(endpointView(await getEndpoint(deps, contextOf(req), endpoint_id)));
  });

  router.patch('/webhook-endpoints/:endpoint_id', ...admins, async (req, res) => {
    const { endpoint_id } = parseInput(endpointPath, req.params, 'path');
    const body = parseInput(updateEndpointBody, req.body ?? {}, 'body');
    res.json(endpointView(await changeEndpoint(deps, contextOf(req), endpoint_id, body)));
  });

  router.delete('/webhook-endpoints/:endpoint_id', ...admins, async (req, res) => {
    const { endpoint_id } = parseInput(endpointPath, req.params, 'path');
    await removeEndpoint(deps, contextOf(req), endpoint_id);
    res.status(204).end();
  });

  router.post('/webhook-endpoints/:endpoint_id/test', ...admins, async (req, res) => {
    const { endpoint_id } = parseInput(endpointPath, req.params, 'path');
    res.status(202).json(deliveryView(await pingEndpoint(deps, contextOf(req), endpoint_id)));
  });

  router.get('/webhook-endpoints/:endpoint_id/deliveries', ...admins, async (req, res) => {
    const { endpoint_id } = parseInput(endpointPath, req.params, 'path');
    const query = parseInput(deliveryListQuery, req.query, 'query');
    const { items, total } = await listDeliveries(deps, contextOf(req), endpoint_id, {
      status: query.status,
      offset: offsetOf(query),
      limit: query.size,
    });
    res.json(paged(items.map(deliveryView), total, query));
  });

  router.post(
    '/webhook-endpoints/:endpoint_id/deliveries/:delivery_id/replay',
    ...admins,
    async (req, res) => {
      const { endpoint_id, delivery_id } = parseInput(deliveryPath, req.params, 'path');
      res
        .status(202)
        .json(deliveryView(await replayDelivery(deps, contextOf(req), endpoint_id, delivery_id)));
    },
  );

  return router;
}
