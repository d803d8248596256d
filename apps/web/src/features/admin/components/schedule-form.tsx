import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { Course } from '@tokenly/contract/courses';
import {
  type Schedule,
  type ScheduleBody,
  type ScheduleFormInput,
  scheduleFormSchema,
} from '@tokenly/contract/schedules';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { reportSaveError } from '../utils/form-errors';

/** How the picker shows its date; its accessible name repeats it (WCAG 2.5.3, label in name). */
const SCHEDULE_DATE_FORMAT = 'DD MMM YYYY HH:mm';

const FIELDS = [
  'course_id',
  'title',
  'no_of_users',
  'date',
  'token',
  'meeting_link',
  'meeting_start',
  'teacher_name',
] as const;

/**
 * SPEC.md "Schedule add/edit forms" plus the links and teacher (issue 3). The picker works in the
 * viewer's own zone and the form sends an ISO instant, so the server never guesses a zone.
 */
export function ScheduleForm({
  schedule,
  courses,
  save,
}: {
  schedule?: Schedule;
  courses: Course[];
  save: (body: ScheduleBody) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const isAdd = schedule === undefined;
  const form = useForm<ScheduleFormInput, unknown, ScheduleBody>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: {
      course_id: schedule?.course_id ?? '',
      title: schedule?.title ?? '',
      no_of_users: schedule?.no_of_users ?? '',
      date: schedule?.schedule_time ?? '',
      token: schedule?.number_token ?? '',
      meeting_link: schedule?.meeting_link ?? '',
      meeting_start: schedule?.meeting_start ?? '',
      teacher_name: schedule?.teacher_name ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  // A class keeps the type it has even when that type has since been made inactive.
  const options = [
    ...courses.map((course) => ({ value: String(course.id), label: course.course_title })),
    ...(schedule && !courses.some((course) => course.id === schedule.course_id)
      ? [{ value: String(schedule.course_id), label: `${schedule.course.course_title} (inactive)` }]
      : []),
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The date travels as an ISO instant (JSON of a Date); the server checks it with the same schema.
      await save(values);
      dialog.saved();
      navigate(ROUTES.adminScheduleList);
    } catch (error) {
      reportSaveError(error, form.setError, FIELDS);
    }
  });

  const courseField = form.register('course_id', {
    // Credits per class default to the chosen type's (issue 3).
    onChange: (event: { target: { value: string } }) => {
      const course = courses.find((candidate) => String(candidate.id) === event.target.value);
      if (course) form.setValue('token', course.number_token);
    },
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={isAdd ? 'Add schedule class' : 'Edit schedule class'}>
        <Stack gap="md" maw={720}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label="Type"
              required
              data={[{ value: '', label: 'Choose a type', disabled: true }, ...options]}
              error={errors.course_id?.message}
              {...courseField}
            />
            <TextInput label="Title" required error={errors.title?.message} {...form.register('title')} />
            <TextInput
              label="No of Users"
              description="Seats in the class."
              type="number"
              inputMode="numeric"
              min={1}
              required
              error={errors.no_of_users?.message}
              {...form.register('no_of_users')}
            />
            <TextInput
              label="Credits"
              description="Tokens a booking costs; the type's by default."
              type="number"
              inputMode="numeric"
              min={1}
              error={errors.token?.message}
              {...form.register('token')}
            />
            <Controller
              control={form.control}
              name="date"
              render={({ field }) => (
                <DateTimePicker
                  label="Date and time"
                  description={`In your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}).`}
                  required
                  valueFormat={SCHEDULE_DATE_FORMAT}
                  // The picker is a <button>, empty until a date is chosen: name it as its label does, and
                  // once it shows a date, keep that visible text in its name too.
                  aria-label={
                    field.value
                      ? `Date and time ${dayjs(field.value).format(SCHEDULE_DATE_FORMAT)}`
                      : 'Date and time'
                  }
                  // SPEC.md: the add form disallows past dates; the edit form does not.
                  minDate={isAdd ? new Date() : undefined}
                  value={field.value ? new Date(field.value) : null}
                  onChange={(value) => field.onChange(value ? dayjs(value).toISOString() : '')}
                  onBlur={field.onBlur}
                  error={errors.date?.message}
                  // Mantine labels its dropdown dialog by an id the input does not carry (axe aria-dialog-name);
                  // as a plain popover it reads in order after the field instead.
                  popoverProps={{ withinPortal: true, withRoles: false }}
                  // Outside-month and weekend days are drawn in light colours that fail contrast.
                  hideOutsideDates
                  weekendDays={[]}
                  // Names for the picker's icon-only controls (axe button-name, label).
                  nextLabel="Next month"
                  previousLabel="Previous month"
                  timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
                  submitButtonProps={{ 'aria-label': 'Confirm date and time' }}
                />
              )}
            />
            <TextInput
              label="Teacher name"
              autoComplete="off"
              error={errors.teacher_name?.message}
              {...form.register('teacher_name')}
            />
            <TextInput
              label="Meeting link"
              description="For learners."
              type="url"
              placeholder="https://"
              error={errors.meeting_link?.message}
              {...form.register('meeting_link')}
            />
            <TextInput
              label="Meeting host link"
              description="For the teacher."
              type="url"
              placeholder="https://"
              error={errors.meeting_start?.message}
              {...form.register('meeting_start')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
