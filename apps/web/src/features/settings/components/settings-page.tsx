import { Paper, Stack, Text, Title } from '@mantine/core';
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
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <SettingsForm />
      </Paper>
      {learner ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <MailPreferencesForm />
        </Paper>
      ) : null}
      {learner ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <BillingDetailsForm />
        </Paper>
      ) : null}
      {learner || teacher ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <CalendarFeedPanel teaching={teacher} />
        </Paper>
      ) : null}
      {learner || teacher ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <UrlNameForm />
        </Paper>
      ) : null}
    </Stack>
  );
}
