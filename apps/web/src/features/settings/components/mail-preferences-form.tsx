import { Checkbox } from '@mantine/core';
import type { MailPreferences } from '@tokenly/contract/mail';
import { MESSAGES } from '@tokenly/contract/messages';
import { QueryState } from '../../../components/ui/query-state';
import { translateMessage } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useMailPreferences, useSaveMailPreferences } from '../api/mail-preferences';
import { SectionForm, useDraft } from './section-form';

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
  const [values, setValues] = useDraft(saved);
  return (
    <SectionForm
      label={t('settings.mail.formLabel')}
      title={t('settings.mail.title')}
      intro={t('settings.mail.intro')}
      values={values}
      save={save}
      savedText={translateMessage(MESSAGES.mailPreferencesSaved)}
      saveLabel={t('settings.mail.save')}
    >
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
    </SectionForm>
  );
}
