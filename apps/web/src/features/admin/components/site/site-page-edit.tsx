import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { ABOUT_SLUG } from '@tokenly/contract/constants';
import {
  SITE_MARKDOWN_MAX,
  SITE_SLUG_MAX,
  SITE_TITLE_MAX,
  type SitePage,
  type SitePageBody,
  type SitePageInput,
  sitePageBodySchema,
} from '@tokenly/contract/site-content';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { reportSaveError } from '../../../../components/form/report-save-error';
import { FormTextInput } from '../../../../components/form/text-input';
import { dialog } from '../../../../components/ui/dialog';
import { QueryState } from '../../../../components/ui/query-state';
import { ROUTES } from '../../../../config/routes';
import { useCreateSitePage, useSitePage, useUpdateSitePage } from '../../api/site';
import { AdminPage } from '../admin-page';
import { MarkdownEditor } from './markdown-editor';
import { StatusSelect, slugOf } from './status-select';

/** Where visitors read a page. */
export const pageAddress = (slug: string) => (slug === ABOUT_SLUG ? ROUTES.aboutUs : ROUTES.sitePage(slug));

function SitePageForm({ page, save }: { page?: SitePage; save: (body: SitePageBody) => Promise<unknown> }) {
  const form = useForm<SitePageInput, unknown, SitePageBody>({
    resolver: zodResolver(sitePageBodySchema),
    defaultValues: {
      title: page?.title ?? '',
      slug: page?.slug ?? '',
      body: page?.body ?? '',
      status: page?.status ?? 'draft',
    },
  });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save(body);
    } catch (error) {
      reportSaveError(error, form.setError, ['title', 'slug', 'body', 'status']);
    }
  });
  const title = form.register('title', {
    // A new page's slug follows its title until the administrator types one.
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (!page && !dirtyFields.slug) form.setValue('slug', slugOf(event.target.value));
    },
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={page ? 'Edit page' : 'Add page'}>
        <Stack gap="md" maw={760}>
          <TextInput
            label="Title"
            required
            maxLength={SITE_TITLE_MAX}
            error={errors.title?.message}
            {...title}
          />
          <FormTextInput
            form={form}
            name="slug"
            label="Slug"
            required
            description={`The page's address: /pages/slug (the slug ${ABOUT_SLUG} is the About us page). Lowercase letters, digits and hyphens.`}
            maxLength={SITE_SLUG_MAX}
          />
          <MarkdownEditor
            label="Text"
            value={form.watch('body')}
            maxLength={SITE_MARKDOWN_MAX}
            error={errors.body?.message}
            textarea={form.register('body')}
          />
          <StatusSelect
            register={form.register('status')}
            description="A published page is linked from the footer; a draft only administrators see."
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Save page
            </Button>
            {page?.status === 'published' ? (
              <Anchor component={Link} to={pageAddress(page.slug)}>
                View on the site
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function AdminSitePageAddPage() {
  const create = useCreateSitePage();
  const navigate = useNavigate();
  return (
    <AdminPage title="Add Page">
      <SitePageForm
        save={async (body) => {
          const { data } = await create.mutateAsync(body);
          dialog.saved('Page saved.');
          navigate(ROUTES.adminSitePageEdit(data.id), { replace: true });
        }}
      />
    </AdminPage>
  );
}

export function AdminSitePageEditPage() {
  const id = useParams().id ?? '';
  const page = useSitePage(id);
  const update = useUpdateSitePage(id);
  return (
    <AdminPage title="Edit Page">
      <QueryState query={page} what="the page">
        {(data) => (
          <SitePageForm
            key={data.updated_at}
            page={data}
            save={async (body) => {
              await update.mutateAsync(body);
              dialog.saved('Page saved.');
            }}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
