import { Alert, Button, Stack, Text } from '@mantine/core';
import {
  MAIL_TOPICS,
  type MailTopic,
  OPTIONAL_MAIL_KINDS,
  OPTIONAL_MAIL_NAMES,
  type OptionalMailKind,
} from '@tokenly/contract/mail';
import { MESSAGES } from '@tokenly/contract/messages';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { AuthCard } from '../../auth/components/auth-card';
import { useUnsubscribe } from '../api/mail-preferences';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * Issue 12: the page a mail's unsubscribe link opens, for the kind of that mail (a link from before
 * kinds names a topic). Opening it changes nothing (link scanners open links too); the button makes the
 * same call as a mail app's one click (RFC 8058). Settings holds the other kinds.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const unsubscribe = useUnsubscribe();
  const token = params.get('token') ?? '';
  const kind: OptionalMailKind | undefined = oneOf(OPTIONAL_MAIL_KINDS, params.get('kind'));
  const topic: MailTopic | undefined = kind ? undefined : oneOf(MAIL_TOPICS, params.get('topic'));
  const link = kind ?? topic;

  return (
    <AuthCard title="Unsubscribe">
      <Stack gap="md">
        {!token || !link ? (
          <Alert color="red" role="alert">
            {MESSAGES.unsubscribeLinkInvalid}
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert color="green" role="status">
            {unsubscribe.data.message}
          </Alert>
        ) : (
          <>
            <Text>{`Stop sending you ${OPTIONAL_MAIL_NAMES[link]}? Your other mails do not change, and booking confirmations and receipts always come.`}</Text>
            {unsubscribe.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(unsubscribe.error)}
              </Alert>
            ) : null}
            <Button
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate({ token, kind, topic })}
            >
              {`Turn off ${OPTIONAL_MAIL_NAMES[link]}`}
            </Button>
          </>
        )}
        <Button component={Link} to={ROUTES.userSettings} variant="default">
          Choose your mails in Settings
        </Button>
      </Stack>
    </AuthCard>
  );
}
