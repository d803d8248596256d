import { TextInput } from '@mantine/core';
import { SITE_SLUG_MAX, SITE_TITLE_MAX } from '@tokenly/contract/site-content';
import type { FieldPath, FieldValues, PathValue, UseFormSetValue } from 'react-hook-form';
import { type BindableForm, fieldMessage } from '../../../../components/form/bound';
import { FormTextInput } from '../../../../components/form/text-input';
import { slugOf } from './status-select';

/**
 * A page's or a post's title and the slug of its address. A new entry's slug follows its title until the
 * administrator types one; an entry already published keeps its address.
 */
export function TitleAndSlugFields<T extends FieldValues & { title: string; slug: string }>({
  form,
  isNew,
  slugDescription,
}: {
  form: BindableForm<T> & { setValue: UseFormSetValue<T> };
  isNew: boolean;
  slugDescription: string;
}) {
  const title = 'title' as FieldPath<T>;
  const slug = 'slug' as FieldPath<T>;
  const titleField = form.register(title, {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (isNew && !form.getFieldState(slug).isDirty) {
        form.setValue(slug, slugOf(event.target.value) as PathValue<T, FieldPath<T>>);
      }
    },
  });
  return (
    <>
      <TextInput
        label="Title"
        required
        maxLength={SITE_TITLE_MAX}
        error={fieldMessage(form, title)}
        {...titleField}
      />
      <FormTextInput
        form={form}
        name={slug}
        label="Slug"
        required
        description={slugDescription}
        maxLength={SITE_SLUG_MAX}
      />
    </>
  );
}
