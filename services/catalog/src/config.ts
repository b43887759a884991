import type { z } from 'zod';
import { commonConfigSchema } from '@salon/service-kit';

/** Catalog needs only the common settings (database, broker, token verification). */
export const catalogConfigSchema = commonConfigSchema;

export type CatalogConfig = z.output<typeof catalogConfigSchema>;
