import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, refuseLiteralHost } from '../domain/webhook-address';

/** One attempt's outcome as the delivery log keeps it. */
export interface WebhookAnswer {
  /** The receiver's status; null when none came (refused, timed out, blocked address). */
  statusCode: number | null;
  /** The first RESPONSE_LIMIT characters of the answer. */
  body: string | null;
  error: string | null;
  durationMs: number;
}

const RESPONSE_LIMIT = 1_000;

/**
 * POSTs one signed webhook. Redirects are not followed (a 3xx is a failed attempt: the endpoint's URL is what
 * the tenant registered and the SSRF guard checked). Never throws: every failure is an answer to record.
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, allowPrivate }: { timeoutMs: number; allowPrivate: boolean },
): Promise<WebhookAnswer> {
  const started = Date.now();
  const done = (answer: Omit<WebhookAnswer, 'durationMs'>): WebhookAnswer => ({
    ...answer,
    durationMs: Date.now() - started,
  });
  const refused = refuseLiteralHost(url, allowPrivate);
  if (refused)
    return Promise.resolve(done({ statusCode: null, body: null, error: `${url.hostname} ${refused}` }));
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup(allowPrivate),
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < RESPONSE_LIMIT) text += chunk;
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve(
          done({ statusCode: res.statusCode ?? null, body: text.slice(0, RESPONSE_LIMIT), error: null }),
        );
      });
      res.on('error', (error) => {
        clearTimeout(timer);
        resolve(
          done({
            statusCode: res.statusCode ?? null,
            body: text.slice(0, RESPONSE_LIMIT),
            error: error.message,
          }),
        );
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      resolve(done({ statusCode: null, body: null, error: error.message }));
    });
    req.end(body);
  });
}
