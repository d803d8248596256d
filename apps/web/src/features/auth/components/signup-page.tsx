import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  NativeSelect,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { LEVELS, PASSWORD_MIN_LENGTH } from '@tokenly/contract/constants';
import { MESSAGES } from '@tokenly/contract/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { viewerTimeZone } from '../../../lib/format';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { usePageTitle } from '../../../lib/page-title';
import { sessionStore } from '../../../lib/session';
import { useRegister } from '../api/register';
import type { SignupFormInput, SignupFormOutput } from '../forms/signup-resolver';
import { AuthCard } from './auth-card';

const validation = lazyResolver(() => import('../forms/signup-resolver').then((m) => m.signupResolver));

const FORM_FIELDS = ['name', 'email', 'password', 'password_confirmation', 'level'] as const;
const isFormField = (field: string): field is (typeof FORM_FIELDS)[number] =>
  (FORM_FIELDS as readonly string[]).includes(field);

export function SignupPage() {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const [mailed, setMailed] = useState<string | null>(null);

  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', password: '', password_confirmation: '', level: '', terms: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ terms: _terms, ...body }) => {
    setFailure(null);
    try {
      // Issue 12: the browser's zone, so the times in this learner's mail are their own.
      const response = await registerMutation.mutateAsync({ ...body, timezone: viewerTimeZone() });
      // The address has an account: its owner was mailed, and the page says only to read that mail.
      if (response.data === null) {
        setMailed(response.message);
        return;
      }
      // SPEC.md section 4: the session is reset, then filled from the response.
      sessionStore.reset();
      sessionStore.login(response);
      sessionStore.setSignUpData(response.data);
      navigate(ROUTES.payment);
    } catch (error) {
      let shownOnFields = false;
      if (error instanceof ApiError && error.status === 422) {
        for (const [field, messages] of Object.entries(error.errors)) {
          if (isFormField(field) && messages[0]) {
            form.setError(field, { message: messages[0] }, { shouldFocus: !shownOnFields });
            shownOnFields = true;
          }
        }
      }
      if (!shownOnFields) setFailure(error instanceof ApiError ? error.message : MESSAGES.registrationFailed);
    }
  });

  return (
    <AuthCard
      title="Create your free account"
      subtitle="Join live English classes in small groups. It takes less than a minute."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={ROUTES.LoginForm} fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      {mailed ? (
        <Alert color="brand" variant="light" role="status" title="Check your inbox">
          {mailed}
        </Alert>
      ) : null}
      <form
        onSubmit={onSubmit}
        onFocus={validation.preload}
        noValidate
        aria-label="Sign up"
        hidden={mailed !== null}
      >
        <Stack gap="md">
          {failure ? <FormAlert title={MESSAGES.registrationFailed}>{failure}</FormAlert> : null}
          <TextInput
            label="Full name"
            autoComplete="name"
            required
            withAsterisk={false}
            error={errors.name?.message}
            {...form.register('name')}
          />
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
            label="Create password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords and your email address.`}
            autoComplete="new-password"
            required
            withAsterisk={false}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            error={errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
          <NativeSelect
            label="English level"
            required
            withAsterisk={false}
            data={[
              { value: '', label: 'Choose your level' },
              ...LEVELS.map((level) => ({ value: String(level.value), label: level.label })),
            ]}
            error={errors.level?.message}
            {...form.register('level')}
          />
          <Checkbox
            label="I agree to the terms and conditions"
            error={errors.terms?.message}
            {...form.register('terms')}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            Sign Up
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
