import type { ModuleRoutes } from '../../app-type';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';
import type { ReferralService } from '../referrals/referrals-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth-service';
import { createEmailVerificationService } from './email-verification-service';
import { createPasswordResetService } from './password-reset-service';
import { createSignInThrottle } from './sign-in-throttle';

/** Accounts and sessions: sign-up with its verification mail, sign-in with its throttle, password resets. */
export function authModule(
  db: Database,
  {
    config,
    clock,
    mailer,
    settings,
    referrals,
  }: {
    config: Pick<AppConfig, 'appUrl' | 'rateLimits'>;
    clock: Clock;
    mailer: Mailer;
    settings: SchoolSettingsSource;
    referrals: Pick<ReferralService, 'recordSponsor'>;
  },
) {
  const mails = { mailer, clock, appUrl: config.appUrl, settings };
  const emailVerification = createEmailVerificationService(db, mails);
  const auth = createAuthService(db, {
    clock,
    throttle: createSignInThrottle(db, { limits: config.rateLimits.signIn, clock }),
    onRegistered: async (tx, user, body) => {
      await referrals.recordSponsor(tx, user.id, body.referal_id);
      await emailVerification.welcome(tx, user);
    },
    onAddressTaken: emailVerification.addressTaken,
  });
  const passwordReset = createPasswordResetService(db, mails);
  const routes: ModuleRoutes = async (api) => {
    await api.register(authRoutes, { auth, passwordReset, emailVerification, rateLimits: config.rateLimits });
  };
  return { service: auth, passwordReset, routes };
}
