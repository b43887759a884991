import { pageQuerySchema } from '@salon/contracts';

export { pageQuerySchema };

export interface PageParams {
  page: number;
  size: number;
}

export interface Paged<T> extends PageParams {
  items: T[];
  total: number;
  pages: number;
}

export const pageQuery = pageQuerySchema();

export const offsetOf = ({ page, size }: PageParams): number => (page - 1) * size;

export const paged = <T>(items: T[], total: number, { page, size }: PageParams): Paged<T> => ({
  items,
  total,
  page,
  size,
  pages: total === 0 ? 0 : Math.ceil(total / size),
});
