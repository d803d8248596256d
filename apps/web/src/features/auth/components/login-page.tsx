import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { LoginBody } from '@tokenly/contract/auth';
import { MESSAGES } from '@tokenly/contract/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { usePageTitle } from '../../../lib/page-title';
import { afterLoginPath, readFrom } from '../../../lib/redirect';
import { sessionStore } from '../../../lib/session';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';

const validation = lazyResolver(() => import('../forms/login-resolver').then((m) => m.loginResolver));

export function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const location = useLocation();
  const from = readFrom(location.state);
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '', remember: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values: LoginBody) => {
    setFailure(null);
    try {
      const response = await loginMutation.mutateAsync(values);
      sessionStore.login(response);
      navigate(afterLoginPath(response.user_role, from), { replace: true });
    } catch (error) {
      // SPEC.md section 8: the server's message, else 'Login failed'; a network failure has its own text.
      setFailure(error instanceof ApiError ? error.message : MESSAGES.loginFailed);
    }
  });

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back! Sign in to book classes and manage your tokens."
      footer={
        <>
          New to Tokenly English?{' '}
          <Anchor component={Link} to={ROUTES.SignupForm} fw={600}>
            Register for free
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate aria-label="Sign in">
        <Stack gap="md">
          {failure ? <FormAlert title={MESSAGES.loginFailed}>{failure}</FormAlert> : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Checkbox label="Remember me" {...form.register('remember')} />
            <Anchor component={Link} to={ROUTES.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            Sign In
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
