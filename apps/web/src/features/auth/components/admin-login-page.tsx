import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack } from '@mantine/core';
import { type AdminLoginBody, adminLoginBodySchema } from '@tokenly/contract/auth';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormPasswordInput } from '../../../components/form/password-input';
import { FormTextInput } from '../../../components/form/text-input';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { localizedResolver } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { afterLoginPath, readFrom } from '../../../lib/redirect';
import { sessionStore } from '../../../lib/session';
import { useAdminLogin } from '../api/admin-login';
import { AuthCard } from './auth-card';
import { currentPasswordField, emailField } from './auth-fields';

export function AdminLoginPage() {
  const t = useT();
  usePageTitle(t('auth.adminLogin.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const from = readFrom(location.state);
  const adminLoginMutation = useAdminLogin();

  const form = useForm({
    resolver: localizedResolver(zodResolver(adminLoginBodySchema)),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

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
    <AuthCard title={t('auth.adminLogin.title')} subtitle={t('auth.adminLogin.subtitle')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.adminLogin.formLabel')}>
        <Stack gap="md">
          <FormTextInput
            form={form}
            name="email"
            {...emailField(t('auth.adminLogin.username'))}
            description={t('auth.adminLogin.usernameHint')}
            autoComplete="username"
          />
          <FormPasswordInput
            form={form}
            name="password"
            {...currentPasswordField(t('auth.field.password'))}
          />
          <Anchor component={Link} to={ROUTES.forgotPassword} size="sm">
            {t('auth.login.forgot')}
          </Anchor>
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('auth.login.signIn')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
