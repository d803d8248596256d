import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { useUserReferrals } from '../api/referrals';
import { REFERRAL_STATE_WORDS } from './referral-words';

/** The student page's referrals: who sponsored this learner, and whom they sponsored. */
export function ReferralsSection({ userId }: { userId: string }) {
  const referrals = useUserReferrals(userId);
  return (
    <Stack gap="sm">
      <Title order={2} fz="xl">
        Referrals
      </Title>
      <QueryState query={referrals} what="the referrals">
        {({ sponsor, sponsored }) => (
          <Stack gap="xs">
            <Text>
              Sponsored by:{' '}
              {sponsor ? (
                <>
                  <Anchor component={Link} to={ROUTES.adminStudent(sponsor.id)} fw={600}>
                    {sponsor.name}
                  </Anchor>{' '}
                  ({REFERRAL_STATE_WORDS[sponsor.state]})
                </>
              ) : (
                'nobody'
              )}
            </Text>
            <Text>Sponsored {sponsored.length === 1 ? '1 friend' : `${sponsored.length} friends`}</Text>
            {sponsored.length > 0 ? (
              <List>
                {sponsored.map((friend) => (
                  <List.Item key={friend.id}>
                    <Anchor component={Link} to={ROUTES.adminStudent(friend.id)}>
                      {friend.name}
                    </Anchor>{' '}
                    ({REFERRAL_STATE_WORDS[friend.state]})
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
