/** The database keeps integer cents; the API shows USD as SPEC.md does (DESIGN.md section 5). */
export function centsToUsd(cents: number): number {
  return cents / 100;
}

/** The contract allows at most two decimals; rounding removes binary noise such as 0.1 + 0.2. */
export function usdToCents(usd: number): number {
  return Math.round(usd * 100);
}
