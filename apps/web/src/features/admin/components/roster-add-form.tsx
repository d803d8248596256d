import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ROSTER_REASON_MAX } from '@tokenly/contract/class-roster';
import { creditCount } from '@tokenly/contract/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormNativeSelect } from '../../../components/form/native-select';
import { FormReasonInput } from '../../../components/form/reason-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import { dialog } from '../../../components/ui/dialog';
import { useAddToRoster } from '../api/schedules';
import { useStudentPage } from '../api/users';

type Values = { user_id: string; free: boolean; reason: string };

/**
 * Adds a learner to the class: found by part of their name or email, paid from their credits as their
 * own booking would be, or given a free place with a reason.
 */
export function RosterAddForm({
  scheduleId,
  credits,
  full,
}: {
  scheduleId: string;
  credits: number;
  full: boolean;
}) {
  const add = useAddToRoster(scheduleId);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const found = useStudentPage(1, q === '' ? {} : { q, sort: 'name' });
  const learners = found.data?.data ?? [];
  const form = useForm<Values>({ defaultValues: { user_id: '', free: false, reason: '' } });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ user_id, free, reason }) => {
    const learner = learners.find((row) => String(row.id) === user_id);
    try {
      await add.mutateAsync({ user_id, free, reason: reason.trim() || undefined });
      form.reset({ user_id: '', free: false, reason: '' });
      dialog.success(
        free
          ? `${learner?.name ?? 'The learner'} was added free of charge.`
          : `${learner?.name ?? 'The learner'} was added; ${creditCount(credits)} taken.`,
      );
    } catch (error) {
      reportSaveError(error, form.setError, ['user_id', 'reason']);
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Add a learner">
        <Stack gap="sm">
          <Title order={2} fz="xl">
            Add a learner
          </Title>
          <Text size="sm" c="dimmed">
            {full
              ? 'The class is full: remove or move someone first, or raise its seats in Edit.'
              : `Takes the ${creditCount(credits)} the class costs from the learner's balance, as their own booking would, and mails them the confirmation. A free place takes nothing and needs a reason.`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Search learners"
              description="Part of a name or an email address"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <FormNativeSelect
              form={form}
              name="user_id"
              rules={{ validate: (value) => value !== '' || 'Choose a learner.' }}
              label="Learner"
              required
              data={[
                {
                  value: '',
                  label: found.isFetching
                    ? 'Searching…'
                    : `Choose a learner (${found.data?.total ?? 0} found)`,
                },
                ...learners.map((row) => ({
                  value: String(row.id),
                  label: `${row.name} (${row.email}), ${creditCount(row.balance)}`,
                })),
              ]}
            />
          </SimpleGrid>
          <FormCheckbox form={form} name="free" label="Free place: take no credits" />
          <FormReasonInput
            form={form}
            name="reason"
            description="Kept in the audit log; required for a free place."
            maxLength={ROSTER_REASON_MAX}
            requiredWhen={() => form.getValues('free')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting} disabled={full}>
              Add learner
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
