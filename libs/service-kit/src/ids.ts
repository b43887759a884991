import { randomBytes } from 'node:crypto';
import { OBJECT_ID_PATTERN } from './zod-helpers';

/**
 * A new 24-hex identifier shaped like a Mongo ObjectId: 4 bytes of big-endian Unix seconds, then 8 random
 * bytes. Ids therefore sort by creation time to the second; within one second their order is random.
 */
export function newId(at: Date | number = Date.now()): string {
  const id = Buffer.alloc(12);
  id.writeUInt32BE(Math.floor(Number(at) / 1000), 0);
  randomBytes(8).copy(id, 4);
  return id.toString('hex');
}

export const isId = (value: unknown): value is string =>
  typeof value === 'string' && OBJECT_ID_PATTERN.test(value);

/** When an id made by `newId` was created (to the second). */
export const idCreatedAt = (id: string): Date => new Date(parseInt(id.slice(0, 8), 16) * 1000);
