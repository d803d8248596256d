// Plain values, no zod: the web app imports them without pulling the schema library into its chunks.

// SPEC.md section 9.
export const PAGE_SIZE = 15;
export const DIALOG_TIMEOUT_MS = 2500;
