import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import zlib, { type BrotliCompress, type Gzip } from 'node:zlib';

/**
 * Compression of proxied JSON answers, done once, here: services answer identity-encoded and the gateway
 * compresses what is worth it for the client that asked (see docs/decisions.md, "Gateway compression and
 * embedded callback token").
 */

/** Smaller bodies are sent as they are: the framing and CPU cost more than the bytes saved. */
export const COMPRESSION_MIN_BYTES = 1024;

/**
 * Brotli quality 4: on a grid-like JSON body it is about as fast as gzip level 6 and still smaller; the
 * default (11) is an order of magnitude slower and meant for assets compressed once, not per request.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip';

/**
 * The coding the client prefers among br and gzip (RFC 9110 §12.5.3): an explicit `q=0` refuses it, `*`
 * stands for any coding not listed, and on a tie br wins (smaller at the same CPU).
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const entry of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get('*') ?? 0;
  const br = weights.get('br') ?? any;
  const gzip = weights.get('gzip') ?? any;
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/** JSON, the only thing the API answers in bulk (`application/json`, `application/problem+json`, …). */
const isJson = (contentType: string | undefined): boolean => {
  if (contentType === undefined) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
};

/**
 * Whether the answer's encoding may depend on the client's Accept-Encoding: a JSON body, not already
 * encoded, not marked `no-transform`, of at least 1 KiB (or of unknown length: streamed answers are the
 * big ones). Event streams, partial content, HEAD and bodiless statuses are left alone.
 */
function isCompressible(method: string | undefined, response: IncomingMessage): boolean {
  const status = response.statusCode ?? 502;
  if (method === 'HEAD' || status === 204 || status === 206 || status === 304 || status < 200) return false;
  const headers = response.headers;
  if (headers['content-encoding'] !== undefined && headers['content-encoding'] !== 'identity') return false;
  if (!isJson(headers['content-type'])) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers['cache-control'] ?? '')) return false;
  const length = headers['content-length'];
  return length === undefined || Number(length) >= COMPRESSION_MIN_BYTES;
}

/**
 * Decides how to relay one upstream answer. For a compressible answer it adds `Vary: Accept-Encoding`
 * (whatever the client accepted, so a shared cache keeps the variants apart) and, when the client accepts
 * br or gzip, sets Content-Encoding, drops Content-Length (the body is then chunked) and weakens a strong
 * ETag (the bytes differ from the identity variant's), returning the compressor to pipe through.
 */
export function compressionFor(
  requestHeaders: IncomingHttpHeaders,
  method: string | undefined,
  response: IncomingMessage,
  headers: OutgoingHttpHeaders,
): BrotliCompress | Gzip | undefined {
  if (!isCompressible(method, response)) return undefined;
  headers.vary = withVary(headers.vary);
  const encoding = acceptedEncoding(requestHeaders['accept-encoding']);
  if (encoding === undefined) return undefined;

  const length = response.headers['content-length'];
  delete headers['content-length'];
  headers['content-encoding'] = encoding;
  const etag = headers.etag;
  if (typeof etag === 'string' && etag.startsWith('"')) headers.etag = `W/${etag}`;
  if (encoding === 'gzip') return zlib.createGzip({ level: GZIP_LEVEL });
  return zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      ...(length === undefined ? {} : { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Number(length) }),
    },
  });
}

function withVary(vary: OutgoingHttpHeaders[string]): string {
  const current = vary === undefined ? '' : Array.isArray(vary) ? vary.join(', ') : String(vary);
  const names = current
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return current;
  return [...names, 'Accept-Encoding'].join(', ');
}
