import type { SecurityResponse } from './security-platform';

/** What a response must never show an outsider: stack frames, source paths, raw error prefixes. */
const INTERNALS = [
  /\n\s*at [\w.<>[\]$ ]+ \(/, // a stack frame: "\n    at fn (file:line:col)"
  /\bat [\w.<>$]+ \([^)]*:\d+:\d+\)/,
  /(?:\/(?:work|home|usr|app|opt|srv)\/|[A-Z]:\\)[^\s"']*\.(?:ts|js|mjs|cjs)\b/, // a source file path
  /\bnode_modules\//,
  /\b(?:Type|Reference|Syntax|Range|Internal|Aggregate)?Error: /, // "TypeError: …" as thrown
  /\bat process\.processTicksAndRejections\b/,
];

export function internalsIn(text: string): string | undefined {
  return INTERNALS.map((pattern) => pattern.exec(text)?.[0]).find((found) => found !== undefined);
}

/**
 * Why a response breaks the spec's error rules, or undefined: never a 5xx (but 502/503/504 from a provider or
 * an upstream outage are not what this asks), never internals in the body, and every 4xx in the error shape
 * (`{detail: string}`, or for validation `{detail: [{loc, msg, type}]}`; 402 plan-limit bodies have their own).
 */
export function errorRuleBroken(response: SecurityResponse): string | undefined {
  if (response.status >= 500) return `status ${response.status}`;
  const internals = internalsIn(response.text);
  if (internals !== undefined) return `internals in the body: ${internals}`;
  if (response.status < 400) return undefined;
  const detail = response.body?.detail;
  if (typeof detail === 'string') return undefined;
  if (
    Array.isArray(detail) &&
    detail.every(
      (issue) =>
        Array.isArray(issue?.loc) && typeof issue?.msg === 'string' && typeof issue?.type === 'string',
    )
  )
    return undefined;
  if (response.status === 402 && response.body?.error === 'subscription_limit_reached') return undefined;
  return `a ${response.status} without the error shape`;
}
