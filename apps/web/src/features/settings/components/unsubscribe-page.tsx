import { Alert, Button, Stack, Text } from '@mantine/core';
import { MAIL_TOPICS, type MailTopic } from '@tokenly/contract/mail';
import { MESSAGES } from '@tokenly/contract/messages';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { AuthCard } from '../../auth/components/auth-card';
import { useUnsubscribe } from '../api/mail-preferences';

const WHAT: Record<MailTopic, string> = {
  reminders: 'class reminders',
  'credit-notices': 'notices of credits about to expire',
};

const isTopic = (value: string | null): value is MailTopic => MAIL_TOPICS.some((topic) => topic === value);

/**
 * Issue 12: the page a mail's unsubscribe link opens. Opening it changes nothing (link scanners open
 * links too); the button makes the same call as a mail app's one click (RFC 8058).
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const unsubscribe = useUnsubscribe();
  const token = params.get('token') ?? '';
  const topic = params.get('topic');

  return (
    <AuthCard title="Unsubscribe">
      <Stack gap="md">
        {!token || !isTopic(topic) ? (
          <Alert color="red" role="alert">
            {MESSAGES.unsubscribeLinkInvalid}
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert color="green" role="status">
            {unsubscribe.data.message}
          </Alert>
        ) : (
          <>
            <Text>{`Stop sending you ${WHAT[topic]}? Booking confirmations and receipts still come.`}</Text>
            {unsubscribe.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(unsubscribe.error)}
              </Alert>
            ) : null}
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token, topic })}>
              {`Turn off ${WHAT[topic]}`}
            </Button>
          </>
        )}
        <Button component={Link} to={ROUTES.userSettings} variant="default">
          Mail settings
        </Button>
      </Stack>
    </AuthCard>
  );
}
