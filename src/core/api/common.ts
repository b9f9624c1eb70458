// Small answers many routes share. For the routes (validation and OpenAPI) and the web app (types only).
import { z } from 'zod';

/** A write that has nothing to report but that it was done. */
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;
