import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type AdminLoginBody, adminLoginBodySchema } from '@tokenly/contract/auth';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { afterLoginPath, readFrom } from '../../../lib/redirect';
import { sessionStore } from '../../../lib/session';
import { useAdminLogin } from '../api/admin-login';
import { AuthCard } from './auth-card';

export function AdminLoginPage() {
  usePageTitle('Admin Login');
  const navigate = useNavigate();
  const location = useLocation();
  const from = readFrom(location.state);
  const adminLoginMutation = useAdminLogin();

  const form = useForm({
    resolver: zodResolver(adminLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values: AdminLoginBody) => {
    try {
      const response = await adminLoginMutation.mutateAsync(values);
      sessionStore.login(response);
      navigate(afterLoginPath(response.user_role, from), { replace: true });
    } catch (error) {
      // SPEC.md section 8: admin login failures use the 'Error!' dialog with the server's message.
      dialog.error(errorMessage(error));
    }
  });

  return (
    <AuthCard title="Admin Login" subtitle="Sign in with your administrator account.">
      <form onSubmit={onSubmit} noValidate aria-label="Admin login">
        <Stack gap="md">
          <TextInput
            label="Username"
            description="Your administrator email address"
            type="email"
            autoComplete="username"
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
          <Anchor component={Link} to={ROUTES.forgotPassword} size="sm">
            Forgot password?
          </Anchor>
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            Sign In
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
