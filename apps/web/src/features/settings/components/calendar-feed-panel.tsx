import { Alert, Anchor, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { dialog } from '../../../components/ui/dialog';
import { PanelHeading } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/**
 * The learner's (or teacher's) private calendar subscription. The address is the key to their timetable, so the
 * panel says so, and a reset (after a confirmation) makes a new one and kills the old.
 */
export function CalendarFeedPanel({ teaching = false }: { teaching?: boolean }) {
  const t = useT();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const confirmReset = () =>
    dialog.confirm({
      title: t('settings.calendar.resetTitle'),
      message: t('settings.calendar.resetMessage'),
      confirmLabel: t('settings.calendar.reset'),
      onConfirm: () => reset.mutate(),
    });

  return (
    <Stack gap="md">
      <PanelHeading
        title={t('settings.calendar.title')}
        intro={teaching ? t('settings.calendar.introTeacher') : t('settings.calendar.introLearner')}
      />
      <QueryState query={feed} what={t('settings.calendar.what')}>
        {({ url, webcal_url }) => (
          <Stack gap="sm">
            <TextInput
              label={t('settings.calendar.link')}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <Group gap="sm">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button onClick={copy} variant={copied ? 'filled' : 'default'} aria-live="polite">
                    {copied ? t('settings.calendar.copied') : t('settings.calendar.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button component="a" href={webcal_url} variant="default">
                {t('settings.calendar.open')}
              </Button>
              <Button variant="outline" color="red.9" loading={reset.isPending} onClick={confirmReset}>
                {t('settings.calendar.reset')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('settings.calendar.webcal')}{' '}
              {/* An address reads left to right, kept apart from the sentence in a right-to-left page; it
                  has no spaces, so it breaks anywhere rather than push a phone's page sideways. */}
              <Anchor href={webcal_url} size="xs" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {webcal_url}
              </Anchor>
            </Text>
            {reset.isSuccess ? (
              // The server's answer is CALENDAR_FEED_RESET_MESSAGE, in English: said here in the page's language.
              <Text size="sm" role="status">
                {t('settings.calendar.resetDone')}
              </Text>
            ) : null}
            {reset.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(reset.error)}
              </Alert>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
