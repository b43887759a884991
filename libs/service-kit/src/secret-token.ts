import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets a service hands out once and keeps only hashed (login tokens, calendar feed tokens): 256 random
 * bits as base64url (43 characters), stored as their SHA-256 in hex, so a leaked table row opens nothing.
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** What a secret token is stored and looked up as. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The shape `newSecretToken` makes: anything else is not one of ours. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
