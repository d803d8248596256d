import { Alert, Button, Stack, Text } from '@mantine/core';
import {
  MAIL_TOPICS,
  type MailTopic,
  OPTIONAL_MAIL_KINDS,
  type OptionalMailKind,
} from '@tokenly/contract/mail';
import { MESSAGES } from '@tokenly/contract/messages';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { AuthCard } from '../../auth/components/auth-card';
import { useUnsubscribe } from '../api/mail-preferences';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * The page a mail's unsubscribe link opens, for the kind of that mail (a link from before
 * kinds names a topic). Opening it changes nothing (link scanners open links too); the button makes the
 * same call as a mail app's one click (RFC 8058). Settings holds the other kinds.
 *
 * A public page: its words are in the auth area (the public bundle), one sentence per kind or topic,
 * since OPTIONAL_MAIL_NAMES is English. The server's answer names the same kind (the one in the link), so
 * the page says it in its own language.
 * i18n-keys: auth.unsubscribe.ask.*
 * i18n-keys: auth.unsubscribe.turnOff.*
 * i18n-keys: auth.unsubscribe.done.*
 */
export function UnsubscribePage() {
  const t = useT();
  usePageTitle(t('auth.unsubscribe.title'));
  const [params] = useSearchParams();
  const unsubscribe = useUnsubscribe();
  const token = params.get('token') ?? '';
  const kind: OptionalMailKind | undefined = oneOf(OPTIONAL_MAIL_KINDS, params.get('kind'));
  const topic: MailTopic | undefined = kind ? undefined : oneOf(MAIL_TOPICS, params.get('topic'));
  const link = kind ?? topic;

  return (
    <AuthCard title={t('auth.unsubscribe.title')}>
      <Stack gap="md">
        {!token || !link ? (
          <Alert color="red" role="alert">
            {translateMessage(MESSAGES.unsubscribeLinkInvalid)}
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert color="green" role="status">
            {t(`auth.unsubscribe.done.${link}`)}
          </Alert>
        ) : (
          <>
            <Text>{t(`auth.unsubscribe.ask.${link}`)}</Text>
            {unsubscribe.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(unsubscribe.error)}
              </Alert>
            ) : null}
            <Button
              loading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate({ token, kind, topic })}
              // The kind's name is long in some languages: the label wraps rather than being cut on a phone.
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: 'normal' } }}
            >
              {t(`auth.unsubscribe.turnOff.${link}`)}
            </Button>
          </>
        )}
        <Button component={Link} to={ROUTES.userSettings} variant="default">
          {t('auth.unsubscribe.toSettings')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
