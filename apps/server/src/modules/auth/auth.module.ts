import { SIGN_UP_LEVELS } from '@tokenly/contract/levels';
import type { ModuleRoutes } from '../../app-type';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { LevelsService } from '../levels/levels-service';
import type { Mailer } from '../mail/mailer';
import type { PlacementService } from '../placement/placement-service';
import type { ReferralService } from '../referrals/referrals-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findUserWithRole } from '../users/users-repository';
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
    levels,
    placement,
  }: {
    config: Pick<AppConfig, 'appUrl' | 'rateLimits'>;
    clock: Clock;
    mailer: Mailer;
    settings: SchoolSettingsSource;
    referrals: Pick<ReferralService, 'recordSponsor'>;
    levels: Pick<LevelsService, 'record'>;
    placement: Pick<PlacementService, 'claim'>;
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
      // The sign-up answer is the first level (SPEC.md's 1..3 as A1, B1, C1); a visitor's placement
      // test, sent with its token, then replaces it.
      await levels.record(tx, {
        userId: user.id,
        level: SIGN_UP_LEVELS[body.level] ?? 'A1',
        source: 'sign_up',
      });
      if (body.placement_token) await placement.claim(tx, body.placement_token, user.id);
      return findUserWithRole(tx, user.id, 'user');
    },
    onAddressTaken: emailVerification.addressTaken,
  });
  const passwordReset = createPasswordResetService(db, mails);
  const routes: ModuleRoutes = async (api) => {
    await api.register(authRoutes, { auth, passwordReset, emailVerification, rateLimits: config.rateLimits });
  };
  return { service: auth, passwordReset, routes };
}
