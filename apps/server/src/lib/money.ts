/** The database keeps integer cents; the API shows USD as SPEC.md does (DESIGN.md section 5). */
export function centsToUsd(cents: number): number {
  return cents / 100;
}
