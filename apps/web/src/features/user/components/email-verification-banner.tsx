import { Alert, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useResendVerification } from '../../auth/api/email-verification';
import { useUserDetails } from '../../settings/api/get-user-details';

// Until the learner has opened the welcome mail's link, every learner page says so; the
// banner can be dismissed for this visit (it comes back in a new tab or session), and it blocks nothing.
const DISMISSED_KEY = 'tokenly.verify-email-banner-dismissed';

export function EmailVerificationBanner() {
  const t = useT();
  const details = useUserDetails();
  const resend = useResendVerification();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  const user = details.data;
  if (!user || user.email_verified_at || dismissed) return null;

  return (
    <Alert
      color="blue"
      variant="light"
      title={t('learner.verify.title')}
      // A landmark named by its title (Mantine labels the alert with it), not an alert: it is no news.
      role="region"
      withCloseButton
      closeButtonLabel={t('learner.verify.dismiss')}
      onClose={() => {
        sessionStorage.setItem(DISMISSED_KEY, '1');
        setDismissed(true);
      }}
      mb="lg"
    >
      <Text size="sm">{t('learner.verify.body', { email: user.email })}</Text>
      {resend.isSuccess ? (
        <Text size="sm" mt="xs" role="status">
          {/* The server's sentence names this same address; said here in the page's language. */}
          {t('learner.verify.resent', { email: user.email })}
        </Text>
      ) : (
        <Button
          size="compact-sm"
          variant="subtle"
          mt="xs"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('learner.verify.resend')}
        </Button>
      )}
      {resend.isError ? (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {errorMessage(resend.error)}
        </Text>
      ) : null}
    </Alert>
  );
}
