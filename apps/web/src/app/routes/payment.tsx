import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RichMessage } from '../../components/ui/rich-message';
import { Section } from '../../components/ui/section';
import { ROUTES } from '../../config/routes';
import { PendingBookingBanner } from '../../features/booking/components/pending-booking-banner';
import { prefetchMembershipTokens } from '../../features/membership/api/get-membership-tokens';
import { ClubSection } from '../../features/membership/components/club-plan';
import { TokenPackages } from '../../features/membership/components/token-packages';
import { PaymentBanner } from '../../features/payments/components/payment-banner';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';

export const startLoadingPayment = prefetchMembershipTokens;

/** /payment: the package list of SPEC.md "Payment", and the Conversation Club's monthly plan. */
export function PaymentRoute() {
  const t = useT();
  usePageTitle(t('membership.payment.title'));
  return (
    <>
      <PaymentBanner />
      <Section id="packages" title={t('membership.packages.title')}>
        {/* Sign-up lands here (SPEC.md section 4): a booking started before it is offered again. */}
        <PendingBookingBanner />
        <TokenPackages />
        <Text mt="xl">
          <RichMessage
            id="membership.payment.memberships"
            components={{ 0: <Anchor component={Link} to={ROUTES.membership} fw={600} /> }}
          />
        </Text>
      </Section>
      <ClubSection />
    </>
  );
}
