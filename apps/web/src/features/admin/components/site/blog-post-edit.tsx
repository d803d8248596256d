import {
  type BlogPost,
  type BlogPostBody,
  blogPostBodySchema,
  SITE_AUTHOR_MAX,
  SITE_SUMMARY_MAX,
} from '@tokenly/contract/site-content';
import { z } from 'zod';
import { type EntryFormProps, FormCard, saveOnSubmit } from '../../../../components/form/saving-form';
import { useSchemaForm } from '../../../../components/form/schema-form';
import { FormTextInput } from '../../../../components/form/text-input';
import { FormTextarea } from '../../../../components/form/textarea';
import { ROUTES } from '../../../../config/routes';
import { useBlogPost, useCreateBlogPost, useUpdateBlogPost } from '../../api/site';
import { PictureField } from '../picture-field';
import { entryScreens, TextStatusAndSave } from './entry-screens';
import { TitleAndSlugFields } from './title-and-slug-fields';

// The publish date is typed in the administrator's own clock (a datetime-local field) and sent as an
// instant with its offset.
/** An instant as a datetime-local field's value, in the browser's zone: 2026-11-28T09:30. */
const localMinute = (instant: Date) =>
  new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const postFormSchema = blogPostBodySchema.extend({
  published_at: z.string().min(1, 'Publish date is required.'),
});

function BlogPostForm({ entry: post, save }: EntryFormProps<BlogPost, BlogPostBody>) {
  const form = useSchemaForm(postFormSchema, {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    summary: post?.summary ?? '',
    cover_url: post?.cover_url ?? '',
    author: post?.author ?? '',
    body: post?.body ?? '',
    status: post?.status ?? 'draft',
    published_at: localMinute(post ? new Date(post.published_at) : new Date()),
  });
  const onSubmit = saveOnSubmit(
    form,
    ['title', 'slug', 'summary', 'cover_url', 'author', 'body', 'status', 'published_at'],
    // A datetime-local value without an offset is read in the browser's zone.
    (values) => save({ ...values, published_at: new Date(values.published_at).toISOString() }),
  );
  return (
    <FormCard label={post ? 'Edit post' : 'Add post'} onSubmit={onSubmit} width={760}>
      <TitleAndSlugFields
        form={form}
        isNew={!post}
        slugDescription="The post's address: /blogs/slug. Lowercase letters, digits and hyphens."
      />
      <FormTextarea
        form={form}
        name="summary"
        label="Summary"
        required
        description="One or two sentences, shown in the blog's list."
        autosize
        minRows={2}
        maxLength={SITE_SUMMARY_MAX}
      />
      <PictureField
        form={form}
        name="cover_url"
        label="Cover address"
        description="Optional; a wide picture."
      />
      <FormTextInput form={form} name="author" label="Author" required maxLength={SITE_AUTHOR_MAX} />
      <FormTextInput
        form={form}
        name="published_at"
        label="Publish date"
        required
        type="datetime-local"
        description="In your time zone. A published post is shown from this moment."
      />
      <TextStatusAndSave
        form={form}
        statusDescription="A published post is in the blog from its publish date; a draft only administrators see."
        saveLabel="Save post"
        published={post && { status: post.status, address: ROUTES.blogPost(post.slug) }}
      />
    </FormCard>
  );
}

export const { Add: AdminBlogPostAddPage, Edit: AdminBlogPostEditPage } = entryScreens({
  noun: 'Post',
  useEntry: useBlogPost,
  useCreate: useCreateBlogPost,
  useUpdate: useUpdateBlogPost,
  editAddress: ROUTES.adminSitePostEdit,
  Form: BlogPostForm,
});
