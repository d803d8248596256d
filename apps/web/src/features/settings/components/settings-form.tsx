import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type User, userDetailsSaveBodySchema } from '@tokenly/contract/auth';
import { MESSAGES } from '@tokenly/contract/messages';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { dialog } from '../../../components/ui/dialog';
import { LoadFailure } from '../../../components/ui/load-failure';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { viewerTimeZone } from '../../../lib/format';
import { useUserDetails } from '../api/get-user-details';
import { useSaveUserDetails } from '../api/save-user-details';

/** SPEC.md "Settings": one form for admins and learners. */
export function SettingsForm() {
  const details = useUserDetails();

  if (details.isPending) {
    return (
      <Group gap="sm" aria-live="polite">
        <Loader size="sm" />
        <Text>Loading your details…</Text>
      </Group>
    );
  }
  if (details.isError) {
    return (
      <LoadFailure title="We could not load your details." error={details.error} retry={details.refetch} />
    );
  }
  return <SettingsFields user={details.data} />;
}

// Issue 12: the zone the times in this user's mail are written in.
const TIME_ZONES = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];

function SettingsFields({ user }: { user: User }) {
  const save = useSaveUserDetails();
  const form = useForm({
    resolver: zodResolver(userDetailsSaveBodySchema),
    defaultValues: { name: user.name, password: '', timezone: user.timezone ?? viewerTimeZone() },
  });
  const { errors, isSubmitting } = form.formState;

  // Another tab or a save may refresh the details: follow them without losing a typed password.
  useEffect(() => {
    form.resetField('name', { defaultValue: user.name });
  }, [user.name, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      form.reset({ name: values.name, password: '', timezone: values.timezone });
      dialog.success(MESSAGES.settingsUpdated);
    } catch (error) {
      if (error instanceof ApiError) {
        const nameError = error.fieldError('name');
        const passwordError = error.fieldError('password');
        if (nameError) form.setError('name', { message: nameError });
        if (passwordError) form.setError('password', { message: passwordError });
      }
      dialog.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Settings">
      <Stack gap="md" maw={520}>
        <TextInput
          label="Name"
          autoComplete="name"
          required
          withAsterisk={false}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextInput
          label="Email"
          value={user.email}
          readOnly
          variant="filled"
          description="Your email cannot be changed here."
          autoComplete="email"
        />
        <NativeSelect
          label="Time zone"
          description="Times in the mail we send you are in this zone."
          data={TIME_ZONES}
          error={errors.timezone?.message}
          {...form.register('timezone')}
        />
        <PasswordInput
          label="Password"
          description="Leave blank to keep your current password. At least 8 characters."
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
