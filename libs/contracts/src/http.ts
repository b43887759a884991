import { z } from 'zod';

/** Decimal amounts arrive as numbers or numeric strings; they are kept as strings so no float touches money. */
export const decimalSchema = z
  .union([z.number().finite(), z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number')])
  .transform((value) => String(value));

export const errorBodySchema = z.object({ detail: z.string() });
export const validationErrorBodySchema = z.object({
  detail: z.array(
    z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() }),
  ),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}
