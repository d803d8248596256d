import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Textarea } from '@mantine/core';
import {
  TEACHER_BIO_MAX,
  type Teacher,
  type TeacherBody,
  type TeacherFormInput,
  teacherBodySchema,
} from '@tokenly/contract/teachers';
import { useForm } from 'react-hook-form';
import { reportSaveError } from '../utils/form-errors';
import { AccountFields } from './account-fields';

/** The Add and Edit Teacher forms (name, email, a short bio). */
export function TeacherForm({
  teacher,
  save,
  submitLabel,
}: {
  teacher?: Teacher;
  save: (body: TeacherBody) => Promise<unknown>;
  submitLabel: string;
}) {
  const form = useForm<TeacherFormInput, unknown, TeacherBody>({
    resolver: zodResolver(teacherBodySchema),
    defaultValues: { name: teacher?.name ?? '', email: teacher?.email ?? '', bio: teacher?.bio ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save(body);
    } catch (error) {
      reportSaveError(error, form.setError, ['name', 'email', 'bio']);
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={teacher ? 'Edit teacher' : 'Add teacher'}>
        <Stack gap="md" maw={520}>
          <AccountFields
            register={form.register}
            errors={errors}
            emailDescription={teacher ? undefined : 'The invitation to set a password is mailed here.'}
          />
          <Textarea
            label="Bio"
            description={`Shown to learners on the class page; at most ${TEACHER_BIO_MAX} characters.`}
            autosize
            minRows={3}
            maxLength={TEACHER_BIO_MAX}
            error={errors.bio?.message}
            {...form.register('bio')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
