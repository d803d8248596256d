import { Anchor, Code, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { useOutboxMail } from '../api/mail';
import { AdminPage } from './admin-page';
import { MailStatus } from './outbox-list-page';

/** One mail as its recipient sees it: the HTML part (sandboxed: no scripts, no same-origin), the text part. */
export function AdminOutboxMailPage() {
  const id = useParams().id ?? '';
  const mail = useOutboxMail(id);
  return (
    <AdminPage title="Mail">
      <QueryState query={mail} what="the mail">
        {(found) => (
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="md">
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  {found.subject}
                </Title>
                <Group gap="sm">
                  <MailStatus status={found.status} />
                  <Text size="sm">To {found.recipient}</Text>
                </Group>
                <Text size="sm">
                  Written {formatDateTime(found.created_at)}
                  {found.sent_at ? `, sent ${formatDateTime(found.sent_at)}` : ''}
                  {found.attempts > 0 ? ` (${found.attempts} attempts)` : ''}
                </Text>
                {found.last_error && <Text c="red">{found.last_error}</Text>}
                {found.body_removed_after_days !== null && (
                  <Text size="sm">
                    The body of this mail (its text and files) was removed{' '}
                    {found.body_removed_after_days === 1 ? '1 day' : `${found.body_removed_after_days} days`}{' '}
                    after it was sent; the school keeps the subject, the recipient and the headers.
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  Links that open the recipient’s account or mail settings show “…” in place of their secret
                  here; the mail the recipient gets has the whole link.
                </Text>
              </Stack>
            </Paper>
            {/* A mail whose body was removed has only its headers left to show. */}
            <Tabs defaultValue={found.body_removed_after_days === null ? 'html' : 'headers'}>
              <Tabs.List>
                {found.body_removed_after_days === null && (
                  <>
                    <Tabs.Tab value="html">Mail</Tabs.Tab>
                    <Tabs.Tab value="text">Plain text</Tabs.Tab>
                  </>
                )}
                <Tabs.Tab value="headers">Headers and files</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="html" pt="md">
                <iframe
                  title={`Mail: ${found.subject}`}
                  srcDoc={found.html}
                  sandbox=""
                  style={{ width: '100%', height: 640, border: '1px solid #dee2e6', borderRadius: 8 }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="text" pt="md">
                <Code block style={{ whiteSpace: 'pre-wrap' }}>
                  {found.text}
                </Code>
              </Tabs.Panel>
              <Tabs.Panel value="headers" pt="md">
                <Stack gap="md">
                  <Table>
                    <Table.Tbody>
                      {Object.entries(found.headers).map(([name, value]) => (
                        <Table.Tr key={name}>
                          <Table.Th>{name}</Table.Th>
                          <Table.Td>{value}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  {found.attachments.map((file) => (
                    <Stack key={file.filename} gap={4}>
                      <Anchor
                        href={`data:${file.content_type.split(';')[0]};charset=utf-8,${encodeURIComponent(file.content)}`}
                        download={file.filename}
                      >
                        {file.filename}
                      </Anchor>
                      <Code block>{file.content}</Code>
                    </Stack>
                  ))}
                </Stack>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}
