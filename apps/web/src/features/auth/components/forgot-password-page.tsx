import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { type ForgotPasswordBody, forgotPasswordBodySchema } from '@tokenly/contract/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useForgotPassword } from '../api/password-reset';
import { AuthCard } from './auth-card';

// Issue 12: the target of SPEC.md's "Forgot password?" link, on /login and /admin-login. The server
// answers the same for every address, so this page can only say that a link is on its way if the
// account exists.
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values: ForgotPasswordBody) => {
    setFailure(null);
    try {
      setSent((await forgot.mutateAsync(values)).message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <AuthCard title="Forgot your password?">
      {sent ? (
        <Stack gap="md">
          <Alert color="green" role="status" title="Check your mail">
            {sent}
          </Alert>
          <Button component={Link} to={ROUTES.LoginForm} variant="default">
            Back to Sign In
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
          <Stack gap="md">
            <Text>
              Enter the email address of your account and we will mail you a link to set a new password.
            </Text>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" fullWidth size="md" loading={isSubmitting}>
              Send the link
            </Button>
            <Button component={Link} to={ROUTES.LoginForm} variant="subtle">
              Back to Sign In
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
