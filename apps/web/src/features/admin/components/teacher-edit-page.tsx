import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Teacher } from '@tokenly/contract/teachers';
import { useParams } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useInviteTeacher, useTeacher, useUpdateTeacher } from '../api/teachers';
import { AdminPage } from './admin-page';
import { TeacherForm } from './teacher-form';
import { TeacherStatusBadge } from './teachers-list-page';

function Invitation({ teacher }: { teacher: Teacher }) {
  const invite = useInviteTeacher(teacher.id);
  return (
    <Panel>
      <Stack gap="sm" maw={520}>
        <Group gap="sm">
          <Title order={2} size="h4">
            Sign-in
          </Title>
          <TeacherStatusBadge teacher={teacher} />
        </Group>
        <Text size="sm">
          {teacher.has_password
            ? 'The teacher has set a password. A new invitation lets them set another.'
            : 'The teacher has not set a password yet. Send a new invitation if the first one was lost or the email has changed.'}
        </Text>
        <Group>
          <Button
            variant="default"
            loading={invite.isPending}
            disabled={teacher.disabled_at !== null}
            onClick={async () => {
              try {
                await invite.mutateAsync(undefined);
                dialog.saved('A new invitation has been mailed.');
              } catch (error) {
                dialog.error(errorMessage(error));
              }
            }}
          >
            Send invitation
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}

export function AdminTeacherEditPage() {
  const id = useParams().id ?? '';
  const teacher = useTeacher(id);
  const update = useUpdateTeacher(id);
  return (
    <AdminPage title="Edit Teacher">
      <QueryState query={teacher} what="the teacher">
        {(data) => (
          <Stack gap="xl">
            <TeacherForm
              entry={data}
              submitLabel="Save"
              save={async (body) => {
                await update.mutateAsync(body);
                dialog.saved();
              }}
            />
            <Invitation teacher={data} />
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}
