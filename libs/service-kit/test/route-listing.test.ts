import express, { Router } from 'express';
import { routesOf } from '@salon/service-kit';

it('lists every method and path an app serves, through routers mounted with and without a prefix', () => {
  const app = express();
  const root = Router();
  root.get('/services', (_req, res) => void res.end());
  root
    .route('/services/:service_id')
    .put((_req, res) => void res.end())
    .delete((_req, res) => void res.end());
  const internal = Router();
  internal.post('/jobs/expire', (_req, res) => void res.end());
  app.use(root);
  app.use('/internal', internal);
  app.get('/healthz', (_req, res) => void res.end());
  app.use((_req, res) => void res.status(404).end());

  expect(routesOf(app)).toEqual([
    { method: 'GET', path: '/services' },
    { method: 'PUT', path: '/services/:service_id' },
    { method: 'DELETE', path: '/services/:service_id' },
    { method: 'POST', path: '/internal/jobs/expire' },
    { method: 'GET', path: '/healthz' },
  ]);
});
