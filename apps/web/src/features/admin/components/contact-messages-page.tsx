import { Anchor, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  CONTACT_REPLY_MAX_LENGTH,
  type ContactMessage,
  type ContactMessageStatus,
} from '@tokenly/contract/contact';
import { useState } from 'react';
import type { Column } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  useCloseContactMessage,
  useContactMessagesPage,
  useReplyToContactMessage,
} from '../api/contact-messages';
import { AdminPage } from './admin-page';
import { PagedTable } from './paged-table';

const STATUS_WORDS: Record<ContactMessageStatus, { label: string; color: string }> = {
  new: { label: 'New', color: 'blue.9' },
  replied: { label: 'Replied', color: 'teal.9' },
  closed: { label: 'Closed', color: 'gray.8' },
};

/** The reply form, in a dialog: mailed to the sender, in the language they wrote in, and kept here. */
function ReplyForm({ message, done }: { message: ContactMessage; done: () => void }) {
  const reply = useReplyToContactMessage(message.id);
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        reply.mutate(
          { reply: text },
          {
            onSuccess: () => {
              done();
              dialog.success(`Reply sent to ${message.email}.`);
            },
            onError: (error) => dialog.error(errorMessage(error)),
          },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {message.message}
        </Text>
        <Textarea
          label={`Reply to ${message.name}`}
          description={`Mailed to ${message.email}; their answer comes back to the school's contact address.`}
          required
          autosize
          minRows={5}
          maxLength={CONTACT_REPLY_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button type="submit" loading={reply.isPending}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MessageActions({ message }: { message: ContactMessage }) {
  const close = useCloseContactMessage(message.id);
  const openReply = () => {
    const id = modals.open({
      title: `Reply to ${message.name}`,
      closeButtonProps: { 'aria-label': 'Close' },
      centered: true,
      radius: 'md',
      size: 'lg',
      children: <ReplyForm message={message} done={() => modals.close(id)} />,
    });
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {/* A follow-up is a reply too; answering a closed message opens it again. */}
      <Button size="xs" onClick={openReply} aria-label={`Reply to ${message.name}`}>
        {message.status === 'new' ? 'Reply' : 'Reply again'}
      </Button>
      {message.status !== 'closed' && (
        <Button
          size="xs"
          variant="default"
          loading={close.isPending}
          aria-label={`Close the message from ${message.name}`}
          onClick={() => close.mutate(undefined, { onError: (error) => dialog.error(errorMessage(error)) })}
        >
          Close
        </Button>
      )}
    </Group>
  );
}

const COLUMNS: Column<ContactMessage>[] = [
  { header: 'Received', cell: (row) => formatDateTime(row.created_at) },
  {
    header: 'From',
    cell: (row) => (
      <>
        <Text size="sm">{row.name}</Text>
        <Anchor href={`mailto:${row.email}`} size="sm">
          {row.email}
        </Anchor>
        {row.phone ? <Text size="sm">{row.phone}</Text> : null}
      </>
    ),
  },
  { header: 'Course interest', cell: (row) => row.course },
  // The whole message, line breaks kept: it is what the school answers; the reply below it.
  {
    header: 'Message',
    cell: (row) => (
      <Stack gap={4}>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{row.message}</Text>
        {row.reply !== null && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {`Reply by ${row.replied_by ?? 'a former administrator'}${row.replied_at ? `, ${formatDateTime(row.replied_at)}` : ''}:\n${row.reply}`}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    header: 'Status',
    cell: (row) => (
      <Badge variant="filled" color={STATUS_WORDS[row.status].color} tt="none">
        {STATUS_WORDS[row.status].label}
      </Badge>
    ),
  },
  { header: 'Actions', cell: (row) => <MessageActions message={row} /> },
];

/**
 * Enquiries from the home page's contact form, newest first (each is also mailed to the school): answered
 * from here by mail, then closed.
 */
export function AdminContactMessagesPage() {
  return (
    <AdminPage title="Messages">
      <PagedTable usePage={useContactMessagesPage} what="Messages" columns={COLUMNS} minWidth={980} />
    </AdminPage>
  );
}
