import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';

/** Rows to skip for a 1-based page of PAGE_SIZE rows (SPEC.md section 9). */
export function pageOffset(page: number): number {
  return (page - 1) * PAGE_SIZE;
}

/** DESIGN.md section 5's paginated payload; a page past the end is empty but still says where the end is. */
export function toPage<T>(rows: T[], total: number, page: number): Paginated<T> {
  return {
    current_page: page,
    per_page: PAGE_SIZE,
    total,
    last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    data: rows,
  };
}
