import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ForgotPasswordBody } from '@tokenly/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormTextInput } from '../../../components/form/text-input';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { usePageTitle } from '../../../lib/page-title';
import { forgotPassword } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { emailField } from './auth-fields';

// The target of SPEC.md's "Forgot password?" link, on /login and /admin-login. The server
// answers the same for every address, so this page can only say that a link is on its way if the
// account exists.
const validation = lazyResolver(() =>
  import('../forms/password-reset-resolvers').then((m) => m.forgotPasswordResolver),
);

export function ForgotPasswordPage() {
  const t = useT();
  usePageTitle(t('auth.forgot.pageTitle'));
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values: ForgotPasswordBody) => {
    setFailure(null);
    try {
      setSent(translateMessage((await forgotPassword(values)).message));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <AuthCard title={t('auth.forgot.title')}>
      {sent ? (
        <Stack gap="md">
          <Alert color="green" role="status" title={t('auth.forgot.checkMail')}>
            {sent}
          </Alert>
          <Button component={Link} to={ROUTES.LoginForm} variant="default">
            {t('auth.forgot.back')}
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={onSubmit}
          onFocus={validation.preload}
          noValidate
          aria-label={t('auth.forgot.pageTitle')}
        >
          <Stack gap="md">
            <Text>{t('auth.forgot.intro')}</Text>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <FormTextInput form={form} name="email" {...emailField(t('auth.field.email'))} />
            <Button type="submit" fullWidth size="md" loading={isSubmitting}>
              {t('auth.forgot.submit')}
            </Button>
            <Button component={Link} to={ROUTES.LoginForm} variant="subtle">
              {t('auth.forgot.back')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
