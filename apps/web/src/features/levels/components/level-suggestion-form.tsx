import { Button, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { CEFR_LEVELS, type CefrLevel, LEVEL_NOTE_MAX } from '@tokenly/contract/levels';
import { type FormEvent, useState } from 'react';
import { dialog } from '../../../components/ui/dialog';
import { useSuggestLevel } from '../api/level-suggestions';

/**
 * The class's teacher suggests a learner's new level with a short reason; the administrator decides
 * (the teacher's class page, English only). A newer suggestion replaces one still waiting.
 */
export function LevelSuggestionForm({
  classId,
  learner,
}: {
  classId: string;
  learner: { booking_id: number; name: string };
}) {
  const suggest = useSuggestLevel(classId);
  const [level, setLevel] = useState<CefrLevel>('B1');
  const [note, setNote] = useState('');
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      const { message } = await suggest.mutateAsync({ booking_id: learner.booking_id, level, note });
      setNote('');
      dialog.saved(message);
    } catch (error) {
      dialog.failure(error, () => void submit());
    }
  };
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={submit}
      aria-label={`Level suggestion for ${learner.name}`}
    >
      <Stack gap="sm">
        <Group grow align="flex-end" wrap="wrap">
          <NativeSelect
            label={`Suggested level for ${learner.name}`}
            data={[...CEFR_LEVELS]}
            value={level}
            onChange={(e) => setLevel(e.currentTarget.value as CefrLevel)}
          />
          <TextInput
            label="Why (the school reads it)"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={LEVEL_NOTE_MAX}
            required
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={suggest.isPending}>
            {`Suggest ${level} for ${learner.name}`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
