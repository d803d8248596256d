import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useVerifyEmail } from '../api/email-verification';
import { AuthCard } from './auth-card';

/** The page the welcome mail links to, `/verify-email?token=...`; it verifies on opening. */
export function VerifyEmailPage() {
  const t = useT();
  usePageTitle(t('auth.verify.title'));
  const [params] = useSearchParams();
  const verify = useVerifyEmail();
  const started = useRef(false);
  const token = params.get('token') ?? '';

  useEffect(() => {
    // Once per page, even when React runs effects twice in development; verifying again is harmless.
    if (started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  return (
    <AuthCard title={t('auth.verify.title')}>
      <Stack gap="md">
        {verify.isSuccess ? (
          <Alert color="green" role="status">
            {translateMessage(verify.data.message)}
          </Alert>
        ) : verify.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(verify.error)}
          </Alert>
        ) : (
          <Loader aria-label={t('auth.verify.loading')} />
        )}
        <Button component={Link} to={ROUTES.userDashboard} variant="default">
          {t('auth.verify.toDashboard')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
