import { Alert, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import type { MailPreferences } from '@tokenly/contract/mail';
import { MESSAGES } from '@tokenly/contract/messages';
import { useEffect, useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useMailPreferences, useSaveMailPreferences } from '../api/mail-preferences';

/**
 * The learner's choices of non-essential mail, one per kind, the same ones a mail's one-click
 * unsubscribe turns off (each its own). Receipts, booking confirmations and password resets always go.
 */
export function MailPreferencesForm() {
  const t = useT();
  const preferences = useMailPreferences();
  return (
    <QueryState query={preferences} what={t('settings.mail.what')}>
      {(saved) => <ChoicesForm saved={saved} />}
    </QueryState>
  );
}

function ChoicesForm({ saved }: { saved: MailPreferences }) {
  const t = useT();
  const save = useSaveMailPreferences();
  const [values, setValues] = useState(saved);
  useEffect(() => setValues(saved), [saved]);

  return (
    <form
      aria-label={t('settings.mail.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('settings.mail.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('settings.mail.intro')}
          </Text>
        </div>
        <Checkbox
          label={t('settings.mail.reminders')}
          checked={values.reminders}
          onChange={(event) => setValues({ ...values, reminders: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('settings.mail.startingSoon')}
          checked={values.starting_soon}
          onChange={(event) => setValues({ ...values, starting_soon: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('settings.mail.creditNotices')}
          checked={values.credit_notices}
          onChange={(event) => setValues({ ...values, credit_notices: event.currentTarget.checked })}
        />
        {save.isSuccess ? (
          <Text size="sm" role="status">
            {translateMessage(MESSAGES.mailPreferencesSaved)}
          </Text>
        ) : null}
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Button type="submit" loading={save.isPending} w={{ base: '100%', xs: 'auto' }}>
          {t('settings.mail.save')}
        </Button>
      </Stack>
    </form>
  );
}
