import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CEFR_LEVELS,
  type CefrLevel,
  LEVEL_NOTE_MAX,
  type LevelChange,
  type LevelSource,
} from '@tokenly/contract/levels';
import { type FormEvent, useState } from 'react';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import { adminQueryOptions, useAdminMutation } from '../../admin/api/admin-query';

const SOURCE_WORDS: Record<LevelSource, string> = {
  sign_up: 'Sign-up',
  placement_test: 'Placement test',
  teacher: 'Teacher',
  admin: 'Administrator',
};

const HISTORY_COLUMNS: Column<LevelChange>[] = [
  { header: 'When', cell: (change) => formatDateTime(change.changed_at) },
  { header: 'From', cell: (change) => change.from_level ?? '—' },
  { header: 'To', cell: (change) => change.to_level },
  { header: 'Source', cell: (change) => SOURCE_WORDS[change.source] },
  { header: 'By', cell: (change) => change.changed_by?.name ?? '' },
  { header: 'Reason', cell: (change) => change.note ?? '' },
];

/** The administrator sets the learner's level; the reason goes to the history and the audit log. */
function SetLevelForm({ userId, current }: { userId: string; current: CefrLevel | null }) {
  const save = useAdminMutation('adminUserLevelSet', userId);
  const [level, setLevel] = useState<CefrLevel>(current ?? 'A1');
  const [reason, setReason] = useState('');
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      await save.mutateAsync({ level, reason });
      setReason('');
      dialog.saved(`Level set to ${level}.`);
    } catch (error) {
      dialog.failure(error, () => void submit());
    }
  };
  return (
    <form onSubmit={submit} aria-label="Set the level">
      <Group align="end" wrap="wrap">
        <NativeSelect
          label="New level"
          value={level}
          onChange={(event) => setLevel(event.currentTarget.value as CefrLevel)}
          data={[...CEFR_LEVELS]}
        />
        <TextInput
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={LEVEL_NOTE_MAX}
        />
        <Button type="submit" loading={save.isPending}>
          Set the level
        </Button>
      </Group>
    </form>
  );
}

/** The student page's Level: the CEFR level now, its history, and the administrator's change. */
export function StudentLevelSection({ userId }: { userId: string }) {
  const level = useQuery(adminQueryOptions('adminUserLevel', userId));
  return (
    <Stack gap="sm">
      <Title order={2} fz="xl">
        Level
      </Title>
      <QueryState query={level} what="the level">
        {(data) => (
          <Stack gap="md">
            <Panel>
              <Stack gap="md">
                <LabelledValue label="CEFR level">
                  <Text span fz={28} fw={700} data-testid="cefr-level">
                    {data.level ?? 'None yet'}
                  </Text>
                </LabelledValue>
                <SetLevelForm key={data.level ?? ''} userId={userId} current={data.level} />
              </Stack>
            </Panel>
            <DataTable rows={data.history} columns={HISTORY_COLUMNS} what="Level changes" />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
