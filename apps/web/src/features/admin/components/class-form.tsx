import { ColorInput, Group } from '@mantine/core';
import { CEFR_LEVELS } from '@tokenly/contract/cefr';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_FORMAT_MAX,
  COURSE_LEVEL_RANGE_MAX,
  COURSE_STATUSES,
  type Course,
  type CourseBody,
  courseFormSchema,
} from '@tokenly/contract/courses';
import { COURSE_TAB_COUNT, courseTabNames } from '@tokenly/contract/site';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormNativeSelect } from '../../../components/form/native-select';
import { FormWholeNumber } from '../../../components/form/number-input';
import { type EntryFormProps, FormCard, saveOnSubmit } from '../../../components/form/saving-form';
import { useSchemaForm } from '../../../components/form/schema-form';
import { FormTextInput } from '../../../components/form/text-input';
import { FormTextarea } from '../../../components/form/textarea';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { useSchoolSettings } from '../api/school-settings';

/** The CEFR levels of a range's ends; both "All levels" makes the type for everyone. */
const LEVEL_CHOICES = [
  { value: '', label: 'All levels' },
  ...CEFR_LEVELS.map((level) => ({ value: level, label: level })),
];

const SWATCHES = ['#2F80ED', '#9B51E0', '#27AE60', '#F2994A', '#EB5757', '#00A3BF', '#F2C94C', '#6D4C41'];

/** SPEC.md "Add/Edit Type forms": saving returns to the list; a failure shows the 'Error!' dialog. */
export function ClassForm({ entry: course, save }: EntryFormProps<Course, CourseBody>) {
  const navigate = useNavigate();
  const tabNames = courseTabNames(useSchoolSettings().data?.course_tabs ?? '');
  const form = useSchemaForm(courseFormSchema, {
    course_title: course?.course_title ?? '',
    status: course?.status ?? '1',
    color: course?.course_color ?? '',
    token: course?.number_token ?? 1,
    level_min: course?.level_min ?? '',
    level_max: course?.level_max ?? '',
    description: course?.description ?? '',
    level_range: course?.level_range ?? '',
    format: course?.format ?? '',
    site_tab: course?.site_tab ? String(course.site_tab) : '',
    club: course?.club ?? false,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = saveOnSubmit(
    form,
    [
      'course_title',
      'status',
      'color',
      'token',
      'level_min',
      'level_max',
      'description',
      'level_range',
      'format',
      'site_tab',
      'club',
    ],
    save,
    () => {
      dialog.saved();
      navigate(ROUTES.adminClass);
    },
  );

  return (
    <FormCard
      label={course ? 'Edit type' : 'Add type'}
      onSubmit={onSubmit}
      width={520}
      submit={{ label: 'Save', saving: isSubmitting }}
    >
      <FormTextInput form={form} name="course_title" label="Title" required />
      <FormNativeSelect
        form={form}
        name="status"
        label="Status"
        required
        data={COURSE_STATUSES.map((status) => ({ value: status.value, label: status.label }))}
      />
      <FormWholeNumber
        form={form}
        name="token"
        label="Token count"
        description="Credits a class of this type costs by default."
        required
      />
      <Group grow align="flex-start" wrap="wrap">
        <FormNativeSelect
          form={form}
          name="level_min"
          label="Lowest level"
          description="Who the classes of this type are for (CEFR); its classes inherit it."
          data={LEVEL_CHOICES}
        />
        <FormNativeSelect
          form={form}
          name="level_max"
          label="Highest level"
          description="The same as the lowest for a single level."
          data={LEVEL_CHOICES}
        />
      </Group>
      <FormTextarea
        form={form}
        name="description"
        label="Description"
        description={`Optional; shown on the timetable. At most ${COURSE_DESCRIPTION_MAX} characters.`}
        autosize
        minRows={2}
        maxLength={COURSE_DESCRIPTION_MAX}
      />
      <FormNativeSelect
        form={form}
        name="site_tab"
        label="Home page tab"
        description="The course tab whose card shows this type (the tab names are in Settings); none keeps it off the home page."
        data={[
          { value: '', label: 'Not on the home page' },
          ...Array.from({ length: COURSE_TAB_COUNT }, (_, index) => ({
            value: String(index + 1),
            label: tabNames[index] ? `${index + 1} · ${tabNames[index]}` : `${index + 1} (no name yet)`,
          })),
        ]}
      />
      <FormTextInput
        form={form}
        name="level_range"
        label="Level range"
        description="On the home page's card, in your words, such as “A2 to B1”."
        maxLength={COURSE_LEVEL_RANGE_MAX}
      />
      <FormTextInput
        form={form}
        name="format"
        label="Format"
        description="On the home page's card, such as “Live online · up to 8 learners”."
        maxLength={COURSE_FORMAT_MAX}
      />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <ColorInput
            label="Color"
            description="Optional; shown on the booking calendar."
            format="hex"
            swatches={SWATCHES}
            eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
            placeholder="#2F80ED"
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.color?.message}
          />
        )}
      />
      <FormCheckbox
        form={form}
        name="club"
        label="Conversation Club type"
        description="Its classes are booked with the Club pass, never with tokens, within the club classes a week set in Settings."
      />
    </FormCard>
  );
}
