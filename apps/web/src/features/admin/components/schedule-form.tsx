// The date picker's styles load with the one form that shows it, not in every page's render-blocking CSS.
import '@mantine/dates/styles.css';
import { Button, Checkbox, Group, NativeSelect, Radio, SimpleGrid, Stack } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { Course } from '@tokenly/contract/courses';
import {
  type Schedule,
  type ScheduleBody,
  type ScheduleChangePreview,
  type ScheduleFormInput,
  scheduleFormSchema,
} from '@tokenly/contract/schedules';
import {
  type ClassSeriesCreated,
  SERIES_MAX_WEEKS,
  type SeriesCreateBody,
  type SeriesCreateInput,
  seriesCreateBodySchema,
  WEEKDAY_NAMES,
} from '@tokenly/contract/series';
import dayjs from 'dayjs';
import { Controller, type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormWholeNumber } from '../../../components/form/number-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import { FormTextInput } from '../../../components/form/text-input';
import { dialog } from '../../../components/ui/dialog';
import { Panel } from '../../../components/ui/panel';
import { ROUTES } from '../../../config/routes';
import { skippedClosedDaysNote } from '../utils/closed-days';
import {
  type Allowance,
  confirmableRefusalOf,
  confirmChange,
  confirmRefusal,
} from './schedule-change-confirm';
import { TeacherSelect } from './teacher-select';

/** How the picker shows its date; its accessible name repeats it (WCAG 2.5.3, label in name). */
const SCHEDULE_DATE_FORMAT = 'DD MMM YYYY HH:mm';

/** The series rule's fields; the form holds them beside the single class's date. */
type RuleInput = Partial<
  Pick<SeriesCreateInput, 'weekdays' | 'start_time' | 'first_date' | 'end_date' | 'weeks'>
>;
type ScheduleFormValues = ScheduleFormInput &
  Omit<RuleInput, 'weekdays'> & {
    /** Checkbox values are text; the schema takes numbers. */
    weekdays?: string[];
    repeat?: boolean;
    /** On a class of a series: whether a change reaches the following classes too. */
    scope?: 'this' | 'following';
  };
type Submitted =
  | { repeat: false; scope: 'this' | 'following'; body: ScheduleBody }
  | { repeat: true; body: SeriesCreateBody };
type ScheduleFormApi = UseFormReturn<ScheduleFormValues, unknown, Submitted>;

const FIELDS = [
  'course_id',
  'title',
  'no_of_users',
  'date',
  'token',
  'meeting_link',
  'meeting_start',
  'teacher_id',
  'weekdays',
  'start_time',
  'first_date',
  'end_date',
  'weeks',
] as const;

// Monday first, as the school's week runs.
const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** One class or a weekly series, checked with the contract's schema for each (the server's own). */
const resolver: Resolver<ScheduleFormValues, unknown, Submitted> = async (values) => {
  const parsed = values.repeat
    ? seriesCreateBodySchema.safeParse({ ...values, weekdays: (values.weekdays ?? []).map(Number) })
    : scheduleFormSchema.safeParse(values);
  if (parsed.success) {
    const submitted: Submitted =
      'weekdays' in parsed.data
        ? { repeat: true, body: parsed.data }
        : { repeat: false, scope: values.scope ?? 'this', body: parsed.data };
    return { values: submitted, errors: {} };
  }
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'root');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<ScheduleFormValues> };
};

/** The class as the server takes it, the date an ISO instant; the server checks it with the same schema. */
const asSent = (body: ScheduleBody): ScheduleFormInput => ({ ...body, date: body.date.toISOString() });

/**
 * What every class carries, one-off or weekly: the single-class form and the series form share these
 * fields, so a change to one of them (say, the teacher) serves both.
 */
export function ScheduleClassFields({
  form,
  courses,
  schedule,
}: {
  form: ScheduleFormApi;
  courses: Course[];
  schedule?: Schedule;
}) {
  const { errors } = form.formState;
  // A class keeps the type it has even when that type has since been made inactive.
  const options = [
    ...courses.map((course) => ({ value: String(course.id), label: course.course_title })),
    ...(schedule && !courses.some((course) => course.id === schedule.course_id)
      ? [{ value: String(schedule.course_id), label: `${schedule.course.course_title} (inactive)` }]
      : []),
  ];
  const courseField = form.register('course_id', {
    // Credits per class default to the chosen type's.
    onChange: (event: { target: { value: string } }) => {
      const course = courses.find((candidate) => String(candidate.id) === event.target.value);
      if (course) form.setValue('token', course.number_token);
    },
  });
  return (
    <>
      <NativeSelect
        label="Type"
        required
        data={[{ value: '', label: 'Choose a type', disabled: true }, ...options]}
        error={errors.course_id?.message}
        {...courseField}
      />
      <FormTextInput form={form} name="title" label="Title" required />
      <FormWholeNumber
        form={form}
        name="no_of_users"
        label="No of Users"
        description="Seats in the class."
        required
      />
      <FormWholeNumber
        form={form}
        name="token"
        label="Credits"
        description="Tokens a booking costs; the type's by default."
      />
      <TeacherSelect
        field={form.register('teacher_id')}
        current={schedule && { id: schedule.teacher_id, name: schedule.teacher_name }}
        error={errors.teacher_id?.message}
      />
      <FormTextInput
        form={form}
        name="meeting_link"
        label="Meeting link"
        description="For learners."
        type="url"
        placeholder="https://"
      />
      <FormTextInput
        form={form}
        name="meeting_start"
        label="Meeting host link"
        description="For the teacher."
        type="url"
        placeholder="https://"
      />
    </>
  );
}

function DateTimeField({ form, isAdd }: { form: ScheduleFormApi; isAdd: boolean }) {
  return (
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
            field.value ? `Date and time ${dayjs(field.value).format(SCHEDULE_DATE_FORMAT)}` : 'Date and time'
          }
          // SPEC.md: the add form disallows past dates; the edit form does not.
          minDate={isAdd ? new Date() : undefined}
          value={field.value ? new Date(field.value) : null}
          onChange={(value) => field.onChange(value ? dayjs(value).toISOString() : '')}
          onBlur={field.onBlur}
          error={form.formState.errors.date?.message}
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
  );
}

/** The weekly rule, its time read in the school's zone (named), so it holds across DST changes. */
function RepeatFields({ form, timeZone }: { form: ScheduleFormApi; timeZone: string }) {
  const { errors } = form.formState;
  return (
    <>
      <Controller
        control={form.control}
        name="weekdays"
        render={({ field }) => (
          <Checkbox.Group
            label="Days of the week"
            required
            value={field.value ?? []}
            onChange={field.onChange}
            error={errors.weekdays?.message}
          >
            <Group gap="md" mt="xs">
              {WEEKDAY_ORDER.map((day) => (
                <Checkbox key={day} value={String(day)} label={WEEKDAY_NAMES[day]} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      <FormTextInput
        form={form}
        name="start_time"
        label="Start time"
        description={`In the school's time zone (${timeZone}).`}
        type="time"
        required
      />
      <FormTextInput form={form} name="first_date" label="First date" type="date" required />
      <FormTextInput
        form={form}
        name="end_date"
        label="End date"
        description="Or give a number of weeks."
        type="date"
      />
      <FormWholeNumber
        form={form}
        name="weeks"
        label="Number of weeks"
        description={`At most ${SERIES_MAX_WEEKS}.`}
        max={SERIES_MAX_WEEKS}
      />
    </>
  );
}

/**
 * SPEC.md "Schedule add/edit forms" plus the links and teacher. The picker works in the
 * viewer's own zone and the form sends an ISO instant, so the server never guesses a zone. Adding can
 * repeat weekly (`saveSeries`); editing a class of a series can reach the following ones (`saveFollowing`).
 */
export function ScheduleForm({
  schedule,
  courses,
  save,
  saveSeries,
  saveFollowing,
  previewChange,
}: {
  schedule?: Schedule;
  courses: Course[];
  save: (body: ScheduleFormInput) => Promise<unknown>;
  saveSeries?: {
    timeZone: string;
    save: (body: SeriesCreateBody) => Promise<{ data: Pick<ClassSeriesCreated, 'skipped_closed_days'> }>;
  };
  saveFollowing?: (body: ScheduleFormInput) => Promise<unknown>;
  /** Editing: whom the change reaches and what they are told, asked before saving. */
  previewChange?: (body: ScheduleFormInput & { following?: boolean }) => Promise<ScheduleChangePreview>;
}) {
  const navigate = useNavigate();
  const isAdd = schedule === undefined;
  const form = useForm<ScheduleFormValues, unknown, Submitted>({
    resolver,
    defaultValues: {
      course_id: schedule?.course_id ?? '',
      title: schedule?.title ?? '',
      no_of_users: schedule?.no_of_users ?? '',
      date: schedule?.schedule_time ?? '',
      token: schedule?.number_token ?? '',
      meeting_link: schedule?.meeting_link ?? '',
      meeting_start: schedule?.meeting_start ?? '',
      teacher_id: schedule?.teacher_id ?? '',
      repeat: false,
      scope: 'this',
      weekdays: [],
      start_time: '',
      first_date: '',
      end_date: '',
      weeks: '',
    },
  });
  const { isSubmitting } = form.formState;
  const repeat = form.watch('repeat') === true;

  /**
   * The save the form asks for, with what the administrator said to schedule anyway; what to add to
   * "Saved" (a series' closed days left without a class).
   */
  async function send(submitted: Submitted, allow: Partial<Record<Allowance, true>>): Promise<string> {
    if (submitted.repeat) {
      const saved = await saveSeries?.save({ ...submitted.body, ...allow });
      return skippedClosedDaysNote(saved?.data.skipped_closed_days ?? []);
    }
    if (submitted.scope === 'following' && saveFollowing)
      await saveFollowing({ ...asSent(submitted.body), ...allow });
    else await save({ ...asSent(submitted.body), ...allow });
    return '';
  }

  const onSubmit = form.handleSubmit(async (submitted) => {
    try {
      const allow: Partial<Record<Allowance, true>> = {};
      if (!submitted.repeat && previewChange) {
        const following = submitted.scope === 'following' && saveFollowing !== undefined;
        const preview = await previewChange({ ...asSent(submitted.body), following });
        if (!(await confirmChange(preview))) return;
        if (preview.teacher_clash !== null) allow.allow_teacher_clash = true;
      }
      // Each refusal the administrator may overrule is asked once: a clash the preview did not see (a new
      // class, a series, one scheduled meanwhile), then a closed day.
      let note = '';
      for (;;) {
        try {
          note = await send(submitted, allow);
          break;
        } catch (error) {
          const refusal = confirmableRefusalOf(error);
          if (!refusal || allow[refusal.allow]) throw error;
          if (!(await confirmRefusal(refusal))) return;
          allow[refusal.allow] = true;
        }
      }
      dialog.saved(note ? `Saved.${note}` : undefined);
      navigate(ROUTES.adminScheduleList);
    } catch (error) {
      reportSaveError(error, form.setError, FIELDS);
    }
  });

  return (
    <Panel>
      <form onSubmit={onSubmit} noValidate aria-label={isAdd ? 'Add schedule class' : 'Edit schedule class'}>
        <Stack gap="md" maw={720}>
          {saveSeries && (
            <FormCheckbox
              form={form}
              name="repeat"
              label="Repeat weekly"
              description="Schedule a class on chosen days every week; each is a class of its own."
            />
          )}
          {saveFollowing && (
            <Controller
              control={form.control}
              name="scope"
              render={({ field }) => (
                <Radio.Group label="Apply changes to" value={field.value} onChange={field.onChange}>
                  <Group gap="md" mt="xs">
                    <Radio value="this" label="This class" />
                    <Radio value="following" label="This and following classes of the series" />
                  </Group>
                </Radio.Group>
              )}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ScheduleClassFields form={form} courses={courses} schedule={schedule} />
            {repeat && saveSeries ? (
              <RepeatFields form={form} timeZone={saveSeries.timeZone} />
            ) : (
              <DateTimeField form={form} isAdd={isAdd} />
            )}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
  );
}
