import { Stack, Text, Title } from '@mantine/core';
import { Panel } from '../../../components/ui/panel';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { isLearner, useSession } from '../../../lib/session';
import { UrlNameForm } from '../../referrals/components/url-name-form';
import { BillingDetailsForm } from './billing-details-form';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { MailPreferencesForm } from './mail-preferences-form';
import { SettingsForm } from './settings-form';

/** /admin/settings, /user/settings and /teacher/settings. */
export function SettingsPage() {
  const t = useT();
  usePageTitle(t('settings.title'));
  // The mail switches are a learner's (admins get no reminders).
  const session = useSession();
  const learner = isLearner(session);
  const teacher = session.isLoggedIn && session.userRole === 'teacher';
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('settings.title')}
        </Title>
        <Text c="dimmed">{t('settings.intro')}</Text>
      </div>
      <Panel>
        <SettingsForm />
      </Panel>
      {learner ? (
        <Panel>
          <MailPreferencesForm />
        </Panel>
      ) : null}
      {learner ? (
        <Panel>
          <BillingDetailsForm />
        </Panel>
      ) : null}
      {learner || teacher ? (
        <Panel>
          <CalendarFeedPanel teaching={teacher} />
        </Panel>
      ) : null}
      {learner || teacher ? (
        <Panel>
          <UrlNameForm />
        </Panel>
      ) : null}
    </Stack>
  );
}
