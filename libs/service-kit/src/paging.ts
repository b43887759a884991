import { z } from 'zod';
import { intQuery } from './zod-helpers';

export interface PageParams {
  page: number;
  size: number;
}

export interface Paged<T> extends PageParams {
  items: T[];
  total: number;
  pages: number;
}

/** The `?page=&size=` query schema; extend it with a resource's filters (`pageQuerySchema().extend({...})`). */
export const pageQuerySchema = ({
  defaultSize = 20,
  maxSize = 100,
}: { defaultSize?: number; maxSize?: number } = {}) =>
  z.object({
    page: intQuery.pipe(z.int().min(1)).default(1),
    size: intQuery.pipe(z.int().min(1).max(maxSize)).default(defaultSize),
  });

export const pageQuery = pageQuerySchema();

export const offsetOf = ({ page, size }: PageParams): number => (page - 1) * size;

export const paged = <T>(items: T[], total: number, { page, size }: PageParams): Paged<T> => ({
  items,
  total,
  page,
  size,
  pages: total === 0 ? 0 : Math.ceil(total / size),
});
