import { Anchor, Button, InputBase, Stack } from '@mantine/core';
import { LEVELS, PASSWORD_MIN_LENGTH } from '@tokenly/contract/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormPasswordInput } from '../../../components/form/password-input';
import { FormTextInput } from '../../../components/form/text-input';
import { FormAlert } from '../../../components/ui/form-alert';
import { IconChevronDown } from '../../../components/ui/icons';
import { RichMessage } from '../../../components/ui/rich-message';
import { ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { viewerTimeZone } from '../../../lib/format';
import { currentLocale, useT } from '../../../lib/i18n';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { usePageTitle } from '../../../lib/page-title';
import { afterLoginPath, readFrom } from '../../../lib/redirect';
import { sessionStore } from '../../../lib/session';
import { placementTokenStore } from '../../levels/placement-token';
import { register } from '../api/register';
import type { SignupFormInput, SignupFormOutput } from '../forms/signup-resolver';
import { AuthCard } from './auth-card';
import { emailField, newPasswordField } from './auth-fields';

const validation = lazyResolver(() => import('../forms/signup-resolver').then((m) => m.signupResolver));

// The fields the server checks again; its message for any other goes above the form.
const SERVER_CHECKED_FIELDS = ['name', 'email', 'password', 'password_confirmation', 'level'] as const;

export function SignupPage() {
  const t = useT();
  usePageTitle(t('auth.signup.submit'));
  const navigate = useNavigate();
  const location = useLocation();
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
      // The browser's zone and the page's language, so this learner's mail reads as their pages do; the
      // sponsor of the link they came by (SPEC.md's referal_id), kept through any detour to here.
      const sponsorId = Number(sessionStore.get().referal_id);
      const response = await register({
        ...body,
        timezone: viewerTimeZone(),
        locale: currentLocale(),
        referal_id: Number.isSafeInteger(sponsorId) && sponsorId > 0 ? sponsorId : null,
        // A placement test taken before signing up: its result becomes the new account's level.
        placement_token: placementTokenStore.get() ?? undefined,
      });
      // The address has an account: its owner was mailed, and the page says only to read that mail (the
      // server's sentence, written here in the page's language).
      if (response.data === null) {
        setMailed(t('auth.signup.mailed', { email: body.email }));
        return;
      }
      // SPEC.md section 4: the session is reset, then filled from the response.
      sessionStore.reset();
      sessionStore.login(response);
      sessionStore.setSignUpData(response.data);
      placementTokenStore.clear();
      // A page that sent the visitor here to sign up (a gift's link) is where they go on to.
      const from = readFrom(location.state);
      navigate(from ? afterLoginPath('user', from) : ROUTES.payment);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, SERVER_CHECKED_FIELDS))
        setFailure(error instanceof ApiError ? error.message : t('errors.registrationFailed'));
    }
  });

  return (
    <AuthCard
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={
        <RichMessage
          id="auth.signup.haveAccount"
          components={{ 0: <Anchor component={Link} to={ROUTES.LoginForm} fw={600} /> }}
        />
      }
    >
      {mailed ? (
        <FormAlert tone="info" title={t('auth.signup.checkInbox')}>
          {mailed}
        </FormAlert>
      ) : null}
      <form
        onSubmit={onSubmit}
        onFocus={validation.preload}
        noValidate
        aria-label={t('auth.signup.formLabel')}
        hidden={mailed !== null}
      >
        <Stack gap="md">
          {failure ? <FormAlert title={t('errors.registrationFailed')}>{failure}</FormAlert> : null}
          <FormTextInput
            form={form}
            name="name"
            label={t('auth.signup.name')}
            autoComplete="name"
            required
            withAsterisk={false}
          />
          <FormTextInput form={form} name="email" {...emailField(t('auth.field.email'))} />
          <FormPasswordInput
            form={form}
            name="password"
            {...newPasswordField(t('auth.signup.password'))}
            description={t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          />
          <FormPasswordInput
            form={form}
            name="password_confirmation"
            {...newPasswordField(t('auth.signup.confirmPassword'))}
          />
          {/* A select drawn by InputBase, as Mantine's NativeSelect is, without the Combobox's chevron
              (1.3 KB gzip of the page's first load). */}
          <InputBase
            component="select"
            label={t('auth.signup.englishLevel')}
            required
            withAsterisk={false}
            rightSection={<IconChevronDown size={16} />}
            rightSectionPointerEvents="none"
            error={errors.level?.message}
            {...form.register('level')}
          >
            <option value="">{t('auth.signup.chooseLevel')}</option>
            {/* i18n-keys: auth.signup.level.* */}
            {LEVELS.map((level) => (
              <option key={level.value} value={String(level.value)}>
                {t(`auth.signup.level.${level.value}`)}
              </option>
            ))}
          </InputBase>
          <Anchor component={Link} to={ROUTES.placementTest} size="sm">
            {t('auth.signup.placementTest')}
          </Anchor>
          <FormCheckbox form={form} name="terms" label={t('auth.signup.terms')} />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
