import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import type { ListTotal } from '../db/list-total';

/** Rows to skip for a 1-based page of PAGE_SIZE rows (SPEC.md section 9). */
export function pageOffset(page: number): number {
  return (page - 1) * PAGE_SIZE;
}

/**
 * DESIGN.md section 5's paginated payload; a page past the end is empty but still says where the end is.
 * An estimated total (countOrEstimate) says so.
 */
export function toPage<T>(rows: T[], count: number | ListTotal, page: number): Paginated<T> {
  const { total, estimated } = typeof count === 'number' ? { total: count, estimated: false } : count;
  return {
    current_page: page,
    per_page: PAGE_SIZE,
    total,
    last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    data: rows,
    ...(estimated ? { total_is_estimate: true } : {}),
  };
}
