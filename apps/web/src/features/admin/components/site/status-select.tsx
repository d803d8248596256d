import { NativeSelect } from '@mantine/core';
import type { SiteStatus } from '@tokenly/contract/site-content';
import type { UseFormRegisterReturn } from 'react-hook-form';

export const STATUS_LABEL: Record<SiteStatus, string> = { draft: 'Draft', published: 'Published' };

/** The draft/publish step: a draft is seen by administrators only. */
export function StatusSelect({
  register,
  description,
}: {
  register: UseFormRegisterReturn;
  description: string;
}) {
  return (
    <NativeSelect
      label="Status"
      description={description}
      data={[
        { value: 'draft', label: STATUS_LABEL.draft },
        { value: 'published', label: STATUS_LABEL.published },
      ]}
      {...register}
    />
  );
}

/** "About Us" → "about-us": a slug proposed from a title, which the administrator may change. */
export const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
