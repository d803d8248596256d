import { Alert, Container } from '@mantine/core';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { sessionStore, useSession } from '../../../lib/session';
import { useSponsor } from '../api/sponsor';

/**
 * "Invited by {name}" with the offer, while the session holds a sponsor: the look-up fills SPEC.md's
 * userUrlInfoData and referal_id, and an unknown name (404) clears the sponsor. Nothing shows to the
 * sponsor themself.
 */
export function InvitedBy() {
  const t = useT();
  const session = useSession();
  const sponsor = useSponsor(session.userUrlName);
  const { data, error } = sponsor;

  useEffect(() => {
    if (data && session.userUrlInfoData?.id !== data.id) {
      const { enrolling_sponsor_name, id, user_type } = data;
      sessionStore.setUrlInfo({ enrolling_sponsor_name, id, user_type });
    }
    if (error instanceof ApiError && error.status === 404) sessionStore.clearUrlName();
  }, [data, error, session.userUrlInfoData?.id]);

  if (!data || session.userData?.id === data.id) return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        color="brand"
        variant="light"
        radius="lg"
        role="status"
        title={t('marketing.invited.title', { name: data.enrolling_sponsor_name })}
      >
        {data.offer.friend_credits > 0
          ? t('marketing.invited.offer', { count: data.offer.friend_credits })
          : t('marketing.invited.noOffer')}
      </Alert>
    </Container>
  );
}
