import type { Logger } from 'pino';
import type { AuthContext } from './auth-claims';

// Request fields set by createHttpApp (id, log) and by `authenticate` (auth).
declare module 'express-serve-static-core' {
  interface Request {
    /** The request id (client's X-Request-Id when well-formed, else a new uuid). */
    id: string;
    /** A child logger bound to the request id. */
    log: Logger;
    /** The verified caller; undefined until `authenticate` has run. */
    auth?: AuthContext;
    /** The JSON body's bytes as received (signed webhooks); set by createHttpApp's body parser. */
    rawBody?: Buffer;
  }
}

export {};
