import { Anchor, Button, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { SITE_MARKDOWN_MAX, type SiteStatus } from '@tokenly/contract/site-content';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type BindableForm, fieldMessage } from '../../../../components/form/bound';
import type { EntryFormProps } from '../../../../components/form/saving-form';
import { dialog } from '../../../../components/ui/dialog';
import { QueryState } from '../../../../components/ui/query-state';
import { AdminPage } from '../admin-page';
import { MarkdownEditor } from './markdown-editor';
import { StatusSelect } from './status-select';

type EntryForm<Entry, Body> = (props: EntryFormProps<Entry, Body>) => ReactNode;

/**
 * The Add and Edit screens of a kind of entry (a page, a post): Add opens the entry for editing at its
 * own address once saved; Edit opens its form on the entry as last saved.
 */
export function entryScreens<Entry extends { id: number; updated_at: string }, Body>({
  noun,
  useEntry,
  useCreate,
  useUpdate,
  editAddress,
  Form,
}: {
  noun: 'Page' | 'Post';
  useEntry: (id: string) => UseQueryResult<Entry>;
  useCreate: () => { mutateAsync: (body: Body) => Promise<{ data: Entry }> };
  useUpdate: (id: string) => { mutateAsync: (body: Body) => Promise<unknown> };
  editAddress: (id: number) => string;
  Form: EntryForm<Entry, Body>;
}) {
  const savedMessage = `${noun} saved.`;
  function Add() {
    const create = useCreate();
    const navigate = useNavigate();
    const save = async (body: Body) => {
      const { data } = await create.mutateAsync(body);
      dialog.saved(savedMessage);
      navigate(editAddress(data.id), { replace: true });
    };
    return (
      <AdminPage title={`Add ${noun}`}>
        <Form save={save} />
      </AdminPage>
    );
  }
  function Edit() {
    const id = useParams().id ?? '';
    const entry = useEntry(id);
    const update = useUpdate(id);
    const save = async (body: Body) => {
      await update.mutateAsync(body);
      dialog.saved(savedMessage);
    };
    return (
      <AdminPage title={`Edit ${noun}`}>
        <QueryState query={entry} what={`the ${noun.toLowerCase()}`}>
          {(data) => <Form key={data.updated_at} entry={data} save={save} />}
        </QueryState>
      </AdminPage>
    );
  }
  return { Add, Edit };
}

/**
 * The rest of a page's or a post's form: its Markdown text, its draft/publish status, the Save button and,
 * once it is published, the link to it on the site.
 */
export function TextStatusAndSave<T extends FieldValues & { body: string; status: SiteStatus }>({
  form,
  statusDescription,
  saveLabel,
  published,
}: {
  form: BindableForm<T> & { watch: UseFormWatch<T> };
  statusDescription: string;
  saveLabel: string;
  published?: { status: SiteStatus; address: string };
}) {
  const body = 'body' as FieldPath<T>;
  return (
    <>
      <MarkdownEditor
        label="Text"
        value={String(form.watch(body))}
        maxLength={SITE_MARKDOWN_MAX}
        error={fieldMessage(form, body)}
        textarea={form.register(body)}
      />
      <StatusSelect register={form.register('status' as FieldPath<T>)} description={statusDescription} />
      <Group>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {saveLabel}
        </Button>
        {published?.status === 'published' ? (
          <Anchor component={Link} to={published.address}>
            View on the site
          </Anchor>
        ) : null}
      </Group>
    </>
  );
}
