import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt (memory-hard, in node:crypto, no native build) at OWASP's recommended cost: N=2^17, r=8, p=1, which
 * uses 128 MiB and about a second of one core per hash. The cost is PASSWORD_HASH_COST_LOG2 (default 17);
 * the test harness lowers it for speed. Hashes made at a lower cost are rehashed on the next login.
 */
export const DEFAULT_COST_LOG2 = 17;
export const MIN_COST_LOG2 = 10;
export const MAX_COST_LOG2 = 20;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

const scrypt = (password: string, salt: Buffer, options: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(
      password,
      salt,
      KEY_LENGTH,
      // scrypt needs 128·N·r bytes; twice that leaves room for its bookkeeping.
      { ...options, maxmem: 256 * options.N * options.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  if (!Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

/** `scrypt$N$r$p$salt$hash`, all base64; parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, costLog2: number): Promise<string> {
  const params = { N: 2 ** costLog2, r: BLOCK_SIZE, p: PARALLELISM };
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p });
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when the stored hash was made at a lower cost than today's (or another block size or parallelism). */
export function needsRehash(stored: string, costLog2: number): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  return parsed.N < 2 ** costLog2 || parsed.r < BLOCK_SIZE || parsed.p < PARALLELISM;
}

const dummies = new Map<number, Promise<string>>();

/** Spends the same time as a real check when there is no user, so timing does not reveal which e-mails exist. */
export async function verifyAgainstNothing(password: string, costLog2: number): Promise<false> {
  let dummy = dummies.get(costLog2);
  if (!dummy) {
    dummy = hashPassword('not-a-password-of-anyone', costLog2);
    dummies.set(costLog2, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
