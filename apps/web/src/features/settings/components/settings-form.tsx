import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type User, userDetailsSaveBodySchema } from '@tokenly/contract/auth';
import { PASSWORD_MIN_LENGTH } from '@tokenly/contract/constants';
import { MESSAGES } from '@tokenly/contract/messages';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormNativeSelect } from '../../../components/form/native-select';
import { FormPasswordInput } from '../../../components/form/password-input';
import { reportSaveError } from '../../../components/form/report-save-error';
import { FormTextInput } from '../../../components/form/text-input';
import { dialog } from '../../../components/ui/dialog';
import { LoadFailure } from '../../../components/ui/load-failure';
import { localizedResolver, translateMessage } from '../../../lib/form-errors';
import { timeZoneOptions, viewerTimeZone } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useUserDetails } from '../api/get-user-details';
import { useSaveUserDetails } from '../api/save-user-details';

/** SPEC.md "Settings": one form for admins and learners. */
export function SettingsForm() {
  const t = useT();
  const details = useUserDetails();

  if (details.isPending) {
    return (
      <Group gap="sm" aria-live="polite">
        <Loader size="sm" />
        <Text>{t('settings.form.loading')}</Text>
      </Group>
    );
  }
  if (details.isError) {
    return (
      <LoadFailure title={t('settings.form.loadFailed')} error={details.error} retry={details.refetch} />
    );
  }
  return <SettingsFields user={details.data} />;
}

// The fields the server may name in a 422 (a wrong current password is only known there).
const SERVER_CHECKED_FIELDS = ['name', 'current_password', 'password', 'password_confirmation'] as const;

function SettingsFields({ user }: { user: User }) {
  const t = useT();
  const save = useSaveUserDetails();
  const form = useForm({
    resolver: localizedResolver(zodResolver(userDetailsSaveBodySchema)),
    defaultValues: {
      name: user.name,
      current_password: '',
      password: '',
      password_confirmation: '',
      timezone: user.timezone ?? viewerTimeZone(),
    },
  });
  const { isSubmitting } = form.formState;

  // Another tab or a save may refresh the details: follow them without losing a typed password.
  useEffect(() => {
    form.resetField('name', { defaultValue: user.name });
  }, [user.name, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      form.reset({
        name: values.name,
        current_password: '',
        password: '',
        password_confirmation: '',
        timezone: values.timezone,
      });
      dialog.success(translateMessage(MESSAGES.settingsUpdated));
    } catch (error) {
      reportSaveError(error, form.setError, SERVER_CHECKED_FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('settings.title')}>
      <Stack gap="md" maw={520}>
        <FormTextInput
          form={form}
          name="name"
          label={t('settings.form.name')}
          autoComplete="name"
          required
          withAsterisk={false}
        />
        <TextInput
          label={t('auth.field.email')}
          value={user.email}
          readOnly
          variant="filled"
          description={t('settings.form.emailHint')}
          autoComplete="email"
        />
        <FormNativeSelect
          form={form}
          name="timezone"
          label={t('settings.form.timezone')}
          description={t('settings.form.timezoneHint')}
          data={timeZoneOptions(user.timezone)}
        />
        <Fieldset legend={t('settings.form.changePassword')} variant="unstyled">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('settings.form.passwordIntro')}
            </Text>
            <FormPasswordInput
              form={form}
              name="current_password"
              label={t('settings.form.currentPassword')}
              autoComplete="current-password"
            />
            <FormPasswordInput
              form={form}
              name="password"
              label={t('auth.field.newPassword')}
              description={t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
            />
            <FormPasswordInput
              form={form}
              name="password_confirmation"
              label={t('auth.field.confirmNewPassword')}
              autoComplete="new-password"
            />
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {t('settings.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
