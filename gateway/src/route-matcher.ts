import type { Method, Route } from './routes';

export type MatchResult =
  | { kind: 'route'; route: Route; template: string }
  /** The path exists but not with this method: 405 with the methods that do exist. */
  | { kind: 'method-not-allowed'; allowed: Method[]; template: string }
  | { kind: 'not-found' };

interface Node {
  literals: Map<string, Node>;
  param?: Node;
  /** Routes ending at this node, by method. */
  routes?: Map<Method, Route>;
  template?: string;
}

const newNode = (): Node => ({ literals: new Map() });

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/**
 * A dot segment or an encoded slash or backslash could mean one thing to the gateway and another to an
 * upstream that normalises paths; such paths are refused rather than guessed at.
 */
const AMBIGUOUS_SEGMENT = /%2f|%5c|\\/i;
const isDotSegment = (segment: string) =>
  segment === '.' || segment === '..' || /^(\.|%2e){1,2}$/i.test(segment);

/**
 * Matches request paths against the routing table: a segment trie where a literal segment wins over a
 * parameter (so `/customers/profile` beats `/customers/{customer_id}`), with backtracking when the literal
 * branch leads nowhere. The most specific existing path decides; a method it lacks is a 405.
 */
export class RouteMatcher {
  private readonly root = newNode();

  constructor(routes: readonly Route[]) {
    for (const route of routes) this.add(route);
  }

  private add(route: Route): void {
    let node = this.root;
    for (const segment of route.path.split('/').slice(1)) {
      if (isParam(segment)) {
        node.param ??= newNode();
        node = node.param;
      } else {
        let next = node.literals.get(segment);
        if (next === undefined) {
          next = newNode();
          node.literals.set(segment, next);
        }
        node = next;
      }
    }
    node.routes ??= new Map();
    if (node.routes.has(route.method)) throw new Error(`Duplicate route ${route.method} ${route.path}`);
    if (node.template !== undefined && node.template !== route.path)
      throw new Error(`Ambiguous routes ${node.template} and ${route.path}`);
    node.routes.set(route.method, route);
    node.template = route.path;
  }

  /** `path` is relative to /api/v1 and without its query string; HEAD is matched as GET. */
  match(method: string, path: string): MatchResult {
    const segments = path.split('/');
    // A path starts with "/", and one trailing slash is tolerated ("/services/" is "/services").
    if (segments[0] !== '') return { kind: 'not-found' };
    const end =
      segments.length > 2 && segments[segments.length - 1] === '' ? segments.length - 1 : segments.length;
    for (let i = 1; i < end; i += 1) {
      const segment = segments[i] as string;
      if (segment === '' || isDotSegment(segment) || AMBIGUOUS_SEGMENT.test(segment))
        return { kind: 'not-found' };
    }
    const node = find(this.root, segments, 1, end);
    if (node?.routes === undefined || node.template === undefined) return { kind: 'not-found' };
    const wanted = (method === 'HEAD' ? 'GET' : method) as Method;
    const route = node.routes.get(wanted);
    if (route !== undefined) return { kind: 'route', route, template: node.template };
    const allowed = [...node.routes.values()].filter((r) => r.area !== 'internal').map((r) => r.method);
    // A path that only exists internally must not be revealed by a 405.
    if (allowed.length === 0) return { kind: 'not-found' };
    return { kind: 'method-not-allowed', allowed, template: node.template };
  }
}

function find(node: Node, segments: string[], index: number, end: number): Node | undefined {
  if (index === end) return node.routes === undefined ? undefined : node;
  const segment = segments[index] as string;
  const literal = node.literals.get(segment);
  if (literal !== undefined) {
    const found = find(literal, segments, index + 1, end);
    if (found !== undefined) return found;
  }
  return node.param === undefined ? undefined : find(node.param, segments, index + 1, end);
}
