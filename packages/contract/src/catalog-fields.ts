import { z } from 'zod';
import { catalogLimits } from './catalog.ts';
import { messages } from './messages.ts';

/**
 * Query fields shared by the discovery schemas (catalog*.ts). Internal to the contract: not exported from its index.
 */

export const INT_MAX = 2_147_483_647;
export const id = z.coerce.number().int().min(1).max(INT_MAX);
export const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageSize = (fallback: number) =>
  z.coerce.number().int().min(1).max(catalogLimits.maxPageSize).default(fallback);
/** Free text; blank means absent. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
/** An optional query number: an empty value (`?priceMax=`) means absent, not 0. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
export const latitude = optional(z.coerce.number().min(-90).max(90));
export const longitude = optional(z.coerce.number().min(-180).max(180));
export const centavos = optional(
  z.coerce.number({ error: messages.onlyNumbers }).int(messages.onlyNumbers).min(0, messages.onlyNumbers),
);
export const optionalId = optional(id);
export const suggestionQuery = z.object({
  q: text(100),
  limit: z.coerce.number().int().min(1).max(catalogLimits.maxSuggestionLimit).default(catalogLimits.suggestionLimit),
});
