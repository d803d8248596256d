import { ABOUT_SLUG } from '@tokenly/contract/constants';
import { type SitePage, type SitePageBody, sitePageBodySchema } from '@tokenly/contract/site-content';
import { type EntryFormProps, FormCard, saveOnSubmit } from '../../../../components/form/saving-form';
import { useSchemaForm } from '../../../../components/form/schema-form';
import { ROUTES } from '../../../../config/routes';
import { useCreateSitePage, useSitePage, useUpdateSitePage } from '../../api/site';
import { entryScreens, TextStatusAndSave } from './entry-screens';
import { TitleAndSlugFields } from './title-and-slug-fields';

/** Where visitors read a page. */
export const pageAddress = (slug: string) => (slug === ABOUT_SLUG ? ROUTES.aboutUs : ROUTES.sitePage(slug));

function SitePageForm({ entry: page, save }: EntryFormProps<SitePage, SitePageBody>) {
  const form = useSchemaForm(sitePageBodySchema, {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    body: page?.body ?? '',
    status: page?.status ?? 'draft',
  });
  const onSubmit = saveOnSubmit(form, ['title', 'slug', 'body', 'status'], save);
  return (
    <FormCard label={page ? 'Edit page' : 'Add page'} onSubmit={onSubmit} width={760}>
      <TitleAndSlugFields
        form={form}
        isNew={!page}
        slugDescription={`The page's address: /pages/slug (the slug ${ABOUT_SLUG} is the About us page). Lowercase letters, digits and hyphens.`}
      />
      <TextStatusAndSave
        form={form}
        statusDescription="A published page is linked from the footer; a draft only administrators see."
        saveLabel="Save page"
        published={page && { status: page.status, address: pageAddress(page.slug) }}
      />
    </FormCard>
  );
}

export const { Add: AdminSitePageAddPage, Edit: AdminSitePageEditPage } = entryScreens({
  noun: 'Page',
  useEntry: useSitePage,
  useCreate: useCreateSitePage,
  useUpdate: useUpdateSitePage,
  editAddress: ROUTES.adminSitePageEdit,
  Form: SitePageForm,
});
