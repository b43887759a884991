import type { z } from 'zod';
import { commonConfigSchema } from '@salon/service-kit';

/** Scheduling needs the common settings (database, broker, token verification, internal token). */
export const schedulingConfigSchema = commonConfigSchema;

export type SchedulingConfig = z.output<typeof schedulingConfigSchema>;
