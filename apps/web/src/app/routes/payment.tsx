import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Section } from '../../components/ui/section';
import { ROUTES } from '../../config/routes';
import { PendingBookingBanner } from '../../features/booking/components/pending-booking-banner';
import { prefetchMembershipTokens } from '../../features/membership/api/get-membership-tokens';
import { TokenPackages } from '../../features/membership/components/token-packages';
import { PaymentBanner } from '../../features/payments/components/payment-banner';
import { usePageTitle } from '../../lib/page-title';

export const startLoadingPayment = prefetchMembershipTokens;

/** /payment: the package list of SPEC.md "Payment". */
export function PaymentRoute() {
  usePageTitle('Buy tokens');
  return (
    <>
      <PaymentBanner />
      <Section id="packages" title="Token packages">
        {/* Sign-up lands here (SPEC.md section 4): a booking started before it is offered again. */}
        <PendingBookingBanner />
        <TokenPackages />
        <Text mt="xl">
          Prefer a fresh batch of tokens every month?{' '}
          <Anchor component={Link} to={ROUTES.membership} fw={600}>
            See our memberships
          </Anchor>
        </Text>
      </Section>
    </>
  );
}
