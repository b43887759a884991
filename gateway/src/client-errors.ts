import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Node refuses a malformed or oversized request head before any handler runs, answering a bare status with
 * no body. Answer those in the API's error shape instead, so a client sees `{detail}` like everywhere else.
 */
const REFUSALS: Record<string, { status: number; reason: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: 'Request line and headers together must stay under 16 KiB',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    detail: 'The request took too long to arrive',
  },
};
const MALFORMED = { status: 400, reason: 'Bad Request', detail: 'Malformed HTTP request' };

export function answerClientErrors(server: Server): Server {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, reason, detail } = REFUSALS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ detail });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
