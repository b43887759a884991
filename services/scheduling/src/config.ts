import { z } from 'zod';
import { commonConfigSchema } from '@salon/service-kit';

/**
 * Scheduling needs the common settings (database, broker, token verification, internal token) and commerce's
 * address, asked before a booking whose deposit is unpaid is released (issue 22 item 1); unset, no booking is
 * released (the task keeps asking).
 */
export const schedulingConfigSchema = commonConfigSchema.extend({
  COMMERCE_URL: z.url().optional(),
});

export type SchedulingConfig = z.output<typeof schedulingConfigSchema>;
