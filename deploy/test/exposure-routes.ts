import { join } from 'node:path';
import { PUBLIC_PATH_PREFIXES } from '@salon/gateway';

/**
 * The two ways in, built from the gateway's PUBLIC_PATH_PREFIXES (the one list of what the internet reaches):
 * a Gateway API HTTPRoute and an Ingress, each sending those prefixes, and nothing else, to the gateway's
 * Service. deploy/test/exposure-write-routes.ts writes them into their components; a test checks the copies.
 */
const K8S_DIR = join(__dirname, '..', 'k8s');
export const HTTP_ROUTE_FILE = join(K8S_DIR, 'components', 'gateway-api', 'http-route.yaml');
export const INGRESS_FILE = join(K8S_DIR, 'components', 'ingress', 'ingress.yaml');

const labels = { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/component': 'gateway' };

/** Attached to the Gateway `salon-public` of the route's namespace; an overlay sets its hostnames. */
export function httpRoute(prefixes: readonly string[] = PUBLIC_PATH_PREFIXES) {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: 'gateway', labels },
    spec: {
      parentRefs: [{ name: 'salon-public' }],
      rules: [
        {
          matches: prefixes.map((prefix) => ({ path: { type: 'PathPrefix', value: prefix } })),
          backendRefs: [{ name: 'gateway', port: 8080 }],
        },
      ],
    },
  };
}

/**
 * For an ingress controller (class `nginx` here; an overlay changes it). No host in the rule, so an overlay
 * sets the host and TLS without repeating the paths.
 */
export function ingress(prefixes: readonly string[] = PUBLIC_PATH_PREFIXES) {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'gateway', labels },
    spec: {
      ingressClassName: 'nginx',
      rules: [
        {
          http: {
            paths: prefixes.map((prefix) => ({
              path: prefix,
              pathType: 'Prefix',
              backend: { service: { name: 'gateway', port: { name: 'http' } } },
            })),
          },
        },
      ],
    },
  };
}
