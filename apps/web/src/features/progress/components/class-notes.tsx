import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ClassNote, type ClassNoteBody, NOTE_MAX_LENGTH } from '@tokenly/contract/progress';
import { type FormEvent, type ReactNode, useState } from 'react';
import { dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';

// The note form of a class's learners, as the teacher's class page and the admin's class screen show it
// (both English-only screens); each page brings its own read and save calls.

type Learner = { booking_id: number; name: string };
type Save = (body: ClassNoteBody) => Promise<unknown>;

function NoteForm({ learner, note, save }: { learner: Learner; note?: ClassNote; save: Save }) {
  const [wentWell, setWentWell] = useState(note?.went_well ?? '');
  const [workOn, setWorkOn] = useState(note?.work_on ?? '');
  const [saving, setSaving] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSaving(true);
    try {
      await save({ booking_id: learner.booking_id, went_well: wentWell, work_on: workOn });
      dialog.saved(`Note on ${learner.name} saved.`);
    } catch (error) {
      dialog.failure(error, () => void submit());
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={`Note on ${learner.name}`}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {learner.name}
        </Title>
        <Textarea
          label={`What went well for ${learner.name}`}
          value={wentWell}
          onChange={(e) => setWentWell(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={NOTE_MAX_LENGTH}
        />
        <Textarea
          label={`What ${learner.name} should work on`}
          value={workOn}
          onChange={(e) => setWorkOn(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={NOTE_MAX_LENGTH}
        />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {note ? `Last saved by ${note.author_name}.` : 'Not written yet.'}
          </Text>
          <Button type="submit" loading={saving}>
            {`Save the note on ${learner.name}`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** After the start, a note on each learner booked: the learner reads it on their Progress page. */
export function ClassNotes({
  learners,
  notes,
  save,
  more,
}: {
  learners: Learner[];
  notes: UseQueryResult<ClassNote[]>;
  save: Save;
  /** What else the page offers on each learner (the teacher's level suggestion). */
  more?: (learner: Learner) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Notes for learners
      </Title>
      <Text size="sm" c="dimmed">
        What went well and what to work on: each learner reads their own note on their Progress page.
      </Text>
      <QueryState query={notes} what="the notes">
        {(data) => (
          <Stack gap="sm">
            {learners.map((learner) => (
              <Stack key={learner.booking_id} gap="xs">
                <NoteForm
                  learner={learner}
                  note={data.find((note) => note.booking_id === learner.booking_id)}
                  save={save}
                />
                {more?.(learner)}
              </Stack>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
