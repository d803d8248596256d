import { Anchor, Button, Checkbox, Group, Stack } from '@mantine/core';
import type { LoginBody } from '@tokenly/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormPasswordInput } from '../../../components/form/password-input';
import { FormTextInput } from '../../../components/form/text-input';
import { FormAlert } from '../../../components/ui/form-alert';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { usePageTitle } from '../../../lib/page-title';
import { afterLoginPath, readFrom } from '../../../lib/redirect';
import { sessionStore } from '../../../lib/session';
import { login } from '../api/login';
import { AuthCard } from './auth-card';
import { currentPasswordField, emailField } from './auth-fields';

const validation = lazyResolver(() => import('../forms/login-resolver').then((m) => m.loginResolver));

export function LoginPage() {
  const t = useT();
  usePageTitle(t('auth.login.signIn'));
  const navigate = useNavigate();
  const location = useLocation();
  const from = readFrom(location.state);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '', remember: false },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values: LoginBody) => {
    setFailure(null);
    try {
      const response = await login(values);
      sessionStore.login(response);
      navigate(afterLoginPath(response.user_role, from), { replace: true });
    } catch (error) {
      // SPEC.md section 8: the server's message, else 'Login failed'; a network failure has its own text.
      setFailure(error instanceof ApiError ? error.message : t('errors.loginFailed'));
    }
  });

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <RichMessage
          id="auth.login.newHere"
          components={{ 0: <Anchor component={Link} to={ROUTES.SignupForm} fw={600} /> }}
        />
      }
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate aria-label={t('auth.login.title')}>
        <Stack gap="md">
          {failure ? <FormAlert title={t('errors.loginFailed')}>{failure}</FormAlert> : null}
          <FormTextInput form={form} name="email" {...emailField(t('auth.field.email'))} />
          <FormPasswordInput
            form={form}
            name="password"
            {...currentPasswordField(t('auth.field.password'))}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Checkbox label={t('auth.login.remember')} {...form.register('remember')} />
            <Anchor component={Link} to={ROUTES.forgotPassword} size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('auth.login.signIn')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
