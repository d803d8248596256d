import { Anchor, Badge, Button, Group, Paper, Stack, Tabs, Text, TextInput } from '@mantine/core';
import {
  type BlogPost,
  FAQ_ANSWER_MAX,
  FAQ_ITEMS_MAX,
  FAQ_QUESTION_MAX,
  type FaqItem,
  faqBodySchema,
  HERO_BADGE_MAX,
  HERO_LEAD_MAX,
  HERO_TITLE_MAX,
  type SiteHero,
  type SitePage,
  type SiteStatus,
  siteHeroBodySchema,
} from '@tokenly/contract/site-content';
import { useFieldArray } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { reportSaveError } from '../../../../components/form/report-save-error';
import { useSchemaForm } from '../../../../components/form/schema-form';
import { FormTextInput } from '../../../../components/form/text-input';
import { FormTextarea } from '../../../../components/form/textarea';
import { DataTable } from '../../../../components/ui/data-table';
import { dialog } from '../../../../components/ui/dialog';
import { Panel, PanelHeading } from '../../../../components/ui/panel';
import { QueryState } from '../../../../components/ui/query-state';
import { ROUTES } from '../../../../config/routes';
import { formatDate, formatDateTime } from '../../../../lib/format';
import {
  useBlogPosts,
  useSaveSiteFaq,
  useSaveSiteHero,
  useSiteFaq,
  useSiteHero,
  useSitePages,
} from '../../api/site';
import { AdminPage } from '../admin-page';
import { PictureField } from '../picture-field';
import { MarkdownEditor } from './markdown-editor';
import { pageAddress } from './site-page-edit';
import { STATUS_LABEL, StatusSelect } from './status-select';

function StatusBadge({ status }: { status: SiteStatus }) {
  return (
    // Dark text: the light variant's own (shade 9) falls below 4.5:1 on green's tint.
    <Badge variant="light" color={status === 'published' ? 'green' : 'gray'} c="dark.8" tt="none">
      {STATUS_LABEL[status]}
    </Badge>
  );
}

function SitePanel({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <Panel>
      <Stack gap="md">
        <PanelHeading title={title} intro={text} />
        {children}
      </Stack>
    </Panel>
  );
}

function HeroForm({ hero }: { hero: SiteHero }) {
  const save = useSaveSiteHero();
  const form = useSchemaForm(siteHeroBodySchema, {
    badge: hero.badge,
    title: hero.title,
    lead: hero.lead,
    image_url: hero.image_url ?? '',
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      dialog.saved('Hero saved.');
    } catch (error) {
      reportSaveError(error, form.setError, ['badge', 'title', 'lead', 'image_url']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Hero">
      <Stack gap="md" maw={620}>
        <FormTextInput
          form={form}
          name="badge"
          label="Badge"
          description="A few words above the title; leave empty for none."
          maxLength={HERO_BADGE_MAX}
        />
        <FormTextInput form={form} name="title" label="Title" required maxLength={HERO_TITLE_MAX} />
        <FormTextarea
          form={form}
          name="lead"
          label="Lead"
          description="A sentence or two under the title."
          autosize
          minRows={2}
          maxLength={HERO_LEAD_MAX}
        />
        <PictureField
          form={form}
          name="image_url"
          label="Image address"
          description="Optional; a wide picture, shown under the banner's colours."
        />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Save hero
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FaqForm({ items }: { items: FaqItem[] }) {
  const save = useSaveSiteFaq();
  const form = useSchemaForm(faqBodySchema, { items });
  const questions = useFieldArray({ control: form.control, name: 'items' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      dialog.saved('FAQ saved.');
    } catch (error) {
      reportSaveError(error, form.setError, []);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="FAQ">
      <Stack gap="md">
        {questions.fields.length === 0 ? <Text>No questions yet.</Text> : null}
        {questions.fields.map((field, index) => {
          const number = index + 1;
          const fieldErrors = errors.items?.[index];
          return (
            <Paper
              key={field.id}
              withBorder
              radius="md"
              p="md"
              component="fieldset"
              aria-label={`Question ${number}`}
            >
              <Stack gap="sm">
                <TextInput
                  label={`Question ${number}`}
                  required
                  maxLength={FAQ_QUESTION_MAX}
                  error={fieldErrors?.question?.message}
                  {...form.register(`items.${index}.question`)}
                />
                <MarkdownEditor
                  label={`Answer ${number}`}
                  minRows={3}
                  value={form.watch(`items.${index}.answer`)}
                  maxLength={FAQ_ANSWER_MAX}
                  error={fieldErrors?.answer?.message}
                  textarea={form.register(`items.${index}.answer`)}
                />
                <StatusSelect
                  register={form.register(`items.${index}.status`)}
                  description="Only published questions are on the home page."
                />
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={index === 0}
                    onClick={() => questions.move(index, index - 1)}
                  >
                    Move question {number} up
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={index === questions.fields.length - 1}
                    onClick={() => questions.move(index, index + 1)}
                  >
                    Move question {number} down
                  </Button>
                  <Button size="xs" variant="default" color="red" onClick={() => questions.remove(index)}>
                    Remove question {number}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          );
        })}
        <Group>
          <Button
            variant="default"
            disabled={questions.fields.length >= FAQ_ITEMS_MAX}
            onClick={() => questions.append({ question: '', answer: '', status: 'draft' })}
          >
            Add question
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save FAQ
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PagesTable({ pages }: { pages: Omit<SitePage, 'body'>[] }) {
  return (
    <DataTable
      what="Pages"
      rows={pages}
      columns={[
        {
          header: 'Title',
          cell: (page) => (
            <Anchor component={Link} to={ROUTES.adminSitePageEdit(page.id)}>
              {page.title}
            </Anchor>
          ),
        },
        { header: 'Address', cell: (page) => pageAddress(page.slug) },
        { header: 'Status', cell: (page) => <StatusBadge status={page.status} /> },
        { header: 'Updated', cell: (page) => formatDate(page.updated_at) },
      ]}
    />
  );
}

function PostsTable({ posts }: { posts: Omit<BlogPost, 'body'>[] }) {
  return (
    <DataTable
      what="Posts"
      rows={posts}
      columns={[
        {
          header: 'Title',
          cell: (post) => (
            <Anchor component={Link} to={ROUTES.adminSitePostEdit(post.id)}>
              {post.title}
            </Anchor>
          ),
        },
        { header: 'Author', cell: (post) => post.author },
        { header: 'Publish date', cell: (post) => formatDateTime(post.published_at) },
        { header: 'Status', cell: (post) => <StatusBadge status={post.status} /> },
      ]}
    />
  );
}

const TABS = ['hero', 'faq', 'pages', 'blog'] as const;
type SiteTab = (typeof TABS)[number];

/** /admin/site: the school's words on its public site, a tab for each part. */
export function AdminSitePage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: SiteTab = TABS.find((name) => name === asked) ?? 'hero';
  const hero = useSiteHero();
  const faq = useSiteFaq();
  const pages = useSitePages();
  const posts = useBlogPosts();
  return (
    <AdminPage title="Site">
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'hero' ? { tab: next } : {}, { replace: true })}
      >
        <Tabs.List aria-label="Parts of the site">
          <Tabs.Tab value="hero">Hero</Tabs.Tab>
          <Tabs.Tab value="faq">FAQ</Tabs.Tab>
          <Tabs.Tab value="pages">Pages</Tabs.Tab>
          <Tabs.Tab value="blog">Blog</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="hero" pt="lg">
          <SitePanel title="Hero" text="The top of the home page: visitors see a saved change at once.">
            <QueryState query={hero} what="the hero">
              {(data) => <HeroForm key={data.updated_at} hero={data} />}
            </QueryState>
          </SitePanel>
        </Tabs.Panel>
        <Tabs.Panel value="faq" pt="lg">
          <SitePanel
            title="FAQ"
            text="The home page's questions, in this order. Answers are Markdown; drafts stay hidden."
          >
            <QueryState query={faq} what="the FAQ">
              {(data) => <FaqForm key={JSON.stringify(data)} items={data} />}
            </QueryState>
          </SitePanel>
        </Tabs.Panel>
        <Tabs.Panel value="pages" pt="lg">
          <SitePanel
            title="Pages"
            text="About, Terms, Privacy, Cookies and any page you add. Published pages are linked from the footer."
          >
            <Group>
              <Button component={Link} to={ROUTES.adminSitePageAdd}>
                Add page
              </Button>
            </Group>
            <QueryState query={pages} what="the pages">
              {(data) => <PagesTable pages={data} />}
            </QueryState>
          </SitePanel>
        </Tabs.Panel>
        <Tabs.Panel value="blog" pt="lg">
          <SitePanel
            title="Blog"
            text="Posts at /blogs, newest first. A published post is shown from its publish date."
          >
            <Group>
              <Button component={Link} to={ROUTES.adminSitePostAdd}>
                Add post
              </Button>
            </Group>
            <QueryState query={posts} what="the posts">
              {(data) => <PostsTable posts={data} />}
            </QueryState>
          </SitePanel>
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
