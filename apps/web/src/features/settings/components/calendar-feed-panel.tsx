import { Alert, Anchor, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/**
 * Issue 13: the learner's (or teacher's) private calendar subscription. The address is the key to their timetable, so the
 * panel says so, and a reset (after a confirmation) makes a new one and kills the old.
 */
export function CalendarFeedPanel({ teaching = false }: { teaching?: boolean }) {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const confirmReset = () =>
    dialog.confirm({
      title: 'Reset your calendar link?',
      message:
        'The old link stops working at once: calendars subscribed to it no longer update. Subscribe again with the new link.',
      confirmLabel: 'Reset link',
      onConfirm: () => reset.mutate(),
    });

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg">
          Calendar subscription
        </Title>
        <Text c="dimmed" size="sm">
          Subscribe to this private link in Google Calendar, Apple Calendar or Outlook:{' '}
          {teaching
            ? 'the classes you teach appear there with the number of learners booked and the host link,'
            : 'your booked classes appear there'}{' '}
          and cancelled ones disappear. Keep it to yourself; anyone with the link sees your classes.
        </Text>
      </div>
      <QueryState query={feed} what="your calendar link">
        {({ url, webcal_url }) => (
          <Stack gap="sm">
            <TextInput
              label="Calendar link"
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <Group gap="sm">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button onClick={copy} variant={copied ? 'filled' : 'default'} aria-live="polite">
                    {copied ? 'Link copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Button component="a" href={webcal_url} variant="default">
                Open in calendar app
              </Button>
              <Button variant="outline" color="red.9" loading={reset.isPending} onClick={confirmReset}>
                Reset link
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Some calendars ask for a webcal address:{' '}
              <Anchor href={webcal_url} size="xs">
                {webcal_url}
              </Anchor>
            </Text>
            {reset.isSuccess ? (
              <Text size="sm" role="status">
                {reset.data.message}
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
