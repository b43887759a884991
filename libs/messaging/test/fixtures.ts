import pino from 'pino';

export {
  COUNTED,
  COUNTED_SCHEMA as SCHEMA,
  applyCountedEffect as applyEffect,
  counted,
  countedEffectStats as effectStats,
  countedMigrations as migrations,
  countedSchemas as testSchemas,
} from '@salon/testing';

export const logger = pino({ level: 'silent' });
