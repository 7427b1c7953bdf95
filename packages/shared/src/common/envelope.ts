import { z } from 'zod';

/** Success envelope: HTTP 200 `{ code: 0, msg: 'ok', data }`. */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(0), msg: z.string(), data });

/** Failure envelope: `{ code, msg (Chinese, for people), message (English detail), data }` (the content API adds Directus' `errors`). */
export const errorEnvelopeSchema = z.looseObject({
  code: z.number().int(),
  msg: z.string(),
  message: z.string(),
  data: z.unknown().nullable(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface OkEnvelope<T> {
  code: 0;
  msg: string;
  data: T;
}
