import { TEACHER_HEADLINE_MAX, TEACHER_TAGS_MAX } from '@tokenly/contract/site';
import {
  TEACHER_BIO_MAX,
  type Teacher,
  type TeacherBody,
  teacherBodySchema,
} from '@tokenly/contract/teachers';
import { FormCheckbox } from '../../../components/form/checkbox';
import { type EntryFormProps, FormCard, saveOnSubmit } from '../../../components/form/saving-form';
import { useSchemaForm } from '../../../components/form/schema-form';
import { FormTextInput } from '../../../components/form/text-input';
import { FormTextarea } from '../../../components/form/textarea';
import { AccountFields } from './account-fields';
import { PictureField } from './picture-field';

/** The Add and Edit Teacher forms (name, email, a short bio, the home page's public profile). */
export function TeacherForm({
  entry: teacher,
  save,
  submitLabel,
}: EntryFormProps<Teacher, TeacherBody> & { submitLabel: string }) {
  const form = useSchemaForm(teacherBodySchema, {
    name: teacher?.name ?? '',
    email: teacher?.email ?? '',
    bio: teacher?.bio ?? '',
    headline: teacher?.headline ?? '',
    photo_url: teacher?.photo_url ?? '',
    tags: teacher?.tags.join(', ') ?? '',
    profile_public: teacher?.profile_public ?? false,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = saveOnSubmit(
    form,
    ['name', 'email', 'bio', 'headline', 'photo_url', 'tags', 'profile_public'],
    save,
  );

  return (
    <FormCard
      label={teacher ? 'Edit teacher' : 'Add teacher'}
      onSubmit={onSubmit}
      width={520}
      submit={{ label: submitLabel, saving: isSubmitting }}
    >
      <AccountFields
        register={form.register}
        errors={errors}
        emailDescription={teacher ? undefined : 'The invitation to set a password is mailed here.'}
      />
      <FormTextarea
        form={form}
        name="bio"
        label="Bio"
        description={`Shown to learners on the class page and, with a public profile, on the home page; at most ${TEACHER_BIO_MAX} characters.`}
        autosize
        minRows={3}
        maxLength={TEACHER_BIO_MAX}
      />
      <FormTextInput
        form={form}
        name="headline"
        label="Headline"
        description="One line under the name on the home page, such as “Pronunciation coach”."
        maxLength={TEACHER_HEADLINE_MAX}
      />
      <PictureField
        form={form}
        name="photo_url"
        label="Photo address"
        description="Optional; a square photo. Without one, the initials."
      />
      <FormTextInput
        form={form}
        name="tags"
        label="Tags"
        description="What they teach, separated by commas: “Business English, Conversation Club”."
        maxLength={TEACHER_TAGS_MAX}
      />
      <FormCheckbox
        form={form}
        name="profile_public"
        label="Show this profile on the home page"
        description="The teachers section shows the name, headline, photo, bio and tags, with a link to their classes."
      />
    </FormCard>
  );
}
