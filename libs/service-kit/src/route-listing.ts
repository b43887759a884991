import type { Express, Router } from 'express';

export interface ServedRoute {
  method: string;
  /** The express path as written in the router (`/services/:service_id`). */
  path: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method and path an express app serves, routers mounted inside it included. */
export function routesOf(app: Express | Router): ServedRoute[] {
  const stack = ('router' in app ? app.router.stack : app.stack) as Layer[];
  return walk(stack, '');
}

function walk(stack: Layer[], prefix: string): ServedRoute[] {
  const routes: ServedRoute[] = [];
  for (const layer of stack) {
    if (layer.route && typeof layer.route.path === 'string') {
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all')
          routes.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      routes.push(...walk(layer.handle.stack, prefix + mount));
    }
  }
  return routes;
}
