import { Alert, Button, Stack } from '@mantine/core';
import type { ResetPasswordBody } from '@tokenly/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { fieldMessage } from '../../../components/form/bound';
import { FormPasswordInput } from '../../../components/form/password-input';
import { ROUTES } from '../../../config/routes';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { usePageTitle } from '../../../lib/page-title';
import { resetPassword } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { newPasswordField } from './auth-fields';

const validation = lazyResolver(() =>
  import('../forms/password-reset-resolvers').then((m) => m.resetPasswordResolver),
);

/** The page the reset mail links to, `/reset-password?token=...`. */
export function ResetPasswordPage() {
  const t = useT();
  usePageTitle(t('auth.reset.title'));
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { token: params.get('token') ?? '', password: '', password_confirmation: '' },
  });
  const { isSubmitting } = form.formState;
  const tokenProblem = fieldMessage(form, 'token');

  const onSubmit = form.handleSubmit(async (values: ResetPasswordBody) => {
    setFailure(null);
    try {
      setDone(translateMessage((await resetPassword(values)).message));
    } catch (error) {
      // A password the server's rule refuses (a common one) belongs under the field; the link still works.
      const passwordProblem = error instanceof ApiError ? error.fieldError('password') : undefined;
      if (passwordProblem) form.setError('password', { message: passwordProblem }, { shouldFocus: true });
      else setFailure(errorMessage(error));
    }
  });

  if (done) {
    return (
      <AuthCard title={t('auth.reset.doneTitle')}>
        <Stack gap="md">
          <Alert color="green" role="status">
            {done}
          </Alert>
          <Button component={Link} to={ROUTES.LoginForm}>
            {t('auth.login.signIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.title')}>
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate aria-label={t('auth.reset.title')}>
        <Stack gap="md">
          {(failure || tokenProblem) && (
            <Alert color="red" role="alert">
              {failure ?? tokenProblem} <Link to={ROUTES.forgotPassword}>{t('auth.reset.askNewLink')}</Link>
            </Alert>
          )}
          <FormPasswordInput form={form} name="password" {...newPasswordField(t('auth.field.newPassword'))} />
          <FormPasswordInput
            form={form}
            name="password_confirmation"
            {...newPasswordField(t('auth.field.confirmNewPassword'))}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
