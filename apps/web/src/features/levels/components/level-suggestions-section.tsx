import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { LevelSuggestion } from '@tokenly/contract/levels';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/data-table';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { PagedTable } from '../../admin/components/paged-table';
import {
  useAcceptLevelSuggestion,
  useDeclineLevelSuggestion,
  usePendingLevelSuggestions,
} from '../api/level-suggestions';

function Decision({ suggestion }: { suggestion: LevelSuggestion }) {
  const accept = useAcceptLevelSuggestion(suggestion.id);
  const decline = useDeclineLevelSuggestion(suggestion.id);
  const name = suggestion.learner.name;
  const decide = (mutation: typeof accept, done: string) => async () => {
    try {
      await mutation.mutateAsync(undefined);
      dialog.saved(done);
    } catch (error) {
      dialog.failure(error, () => void decide(mutation, done)());
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        loading={accept.isPending}
        onClick={decide(accept, `${name}'s level is now ${suggestion.level}.`)}
      >
        {`Accept ${suggestion.level} for ${name}`}
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={decline.isPending}
        onClick={decide(decline, `Suggestion declined: ${name}'s level stays.`)}
      >
        {`Decline the suggestion for ${name}`}
      </Button>
    </Group>
  );
}

const COLUMNS: Column<LevelSuggestion>[] = [
  {
    header: 'Learner',
    cell: (row) => (
      <Anchor component={Link} to={ROUTES.adminStudent(row.learner.id)} fw={600}>
        {row.learner.name}
      </Anchor>
    ),
  },
  { header: 'Level', cell: (row) => `${row.from_level ?? 'none'} → ${row.level}` },
  { header: 'Why', cell: (row) => row.note },
  {
    header: 'Teacher and class',
    cell: (row) => `${row.suggested_by.name}, ${row.class.title} (${formatDateTime(row.class.starts_at)})`,
  },
  { header: 'Decision', cell: (row) => <Decision suggestion={row} /> },
];

/** Teachers' suggested levels waiting for the administrator (docs/learning-path.md). */
export function LevelSuggestionsSection() {
  return (
    <Stack gap="sm">
      <Title order={2} fz="xl">
        Level suggestions
      </Title>
      <Text size="sm" c="dimmed">
        Accepting changes the learner's level (the history names the teacher) and mails the learner.
      </Text>
      <PagedTable
        usePage={usePendingLevelSuggestions}
        what="Level suggestions"
        columns={COLUMNS}
        minWidth={900}
      />
    </Stack>
  );
}
