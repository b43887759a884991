import pino from 'pino';

export type Logger = pino.Logger;

export interface LoggerOptions {
  service: string;
  level?: string;
  /** Where lines go (stdout by default); tests pass a stream to read them back. */
  destination?: pino.DestinationStream;
}

// Credentials must never reach log storage, whichever object they ride in on.
const REDACT_PATHS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'access_token',
  'refresh_token',
  'internalToken',
  'secret',
  'headers.authorization',
  'headers.cookie',
  'headers["x-internal-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-internal-token"]',
  '*.authorization',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.internalToken',
  '*.secret',
];

/** A pino JSON logger whose every line carries `service`, with credentials redacted. */
export function createLogger({ service, level = 'info', destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
