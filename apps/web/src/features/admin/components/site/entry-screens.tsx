import { Anchor, Button, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { dialog } from '../../../../components/ui/dialog';
import { QueryState } from '../../../../components/ui/query-state';
import { AdminPage } from '../admin-page';

type EntryForm<Entry, Body> = (props: { entry?: Entry; save: (body: Body) => Promise<void> }) => ReactNode;

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

/** The form's Save button, and the link to the entry on the site once it is published. */
export function SaveAndView({
  saveLabel,
  saving,
  published,
}: {
  saveLabel: string;
  saving: boolean;
  published?: { status: string; address: string };
}) {
  return (
    <Group>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
      {published?.status === 'published' ? (
        <Anchor component={Link} to={published.address}>
          View on the site
        </Anchor>
      ) : null}
    </Group>
  );
}
