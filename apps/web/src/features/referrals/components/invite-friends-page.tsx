import { Anchor, Badge, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Invitee, ReferralState } from '@tokenly/contract/referrals';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useUserReferrals } from '../api/user-referrals';

type Translate = ReturnType<typeof useT>;

/** Each state's badge colour: the darkest shades, so white words on them stay readable. */
const STATE_COLORS: Record<ReferralState, string> = {
  signed_up: 'gray.8',
  purchased: 'blue.9',
  held: 'orange.9',
  rewarded: 'teal.9',
  qualified: 'teal.9',
  withdrawn: 'gray.8',
  rejected: 'gray.8',
};

const inviteeColumns = (t: Translate): Column<Invitee>[] => [
  { header: t('learner.invite.friend'), cell: (row) => row.display_name },
  {
    header: t('learner.invite.state'),
    cell: (row) => (
      // Words in the badge: the colour only repeats them.
      <Badge color={STATE_COLORS[row.state]} variant="filled" tt="none">
        {/* i18n-keys: learner.invite.states.* */}
        {t(`learner.invite.states.${row.state}`)}
      </Badge>
    ),
  },
  { header: t('learner.invite.signedUp'), cell: (row) => formatDate(row.signed_up_at) },
];

/** The sponsor link as a visitor opens it. */
export const sponsorLinkUrl = (urlName: string) =>
  new URL(ROUTES.sponsorLink(urlName), window.location.origin).href;

/** /user/invite-friends: the learner's sponsor link with a copy button, the offer, and whom they invited. */
export function InviteFriendsPage() {
  const t = useT();
  usePageTitle(t('learner.invite.title'));
  const referrals = useUserReferrals();
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('learner.invite.title')}
      </Title>
      <QueryState query={referrals} failed={t('learner.invite.loadFailed')}>
        {({ url_name, url_name_chosen, offer, invitees }) => {
          const link = sponsorLinkUrl(url_name);
          return (
            <Stack gap="lg">
              <Panel>
                <Stack gap="sm">
                  <Text>
                    {t('learner.invite.offer', {
                      friend: offer.friend_credits,
                      sponsor: offer.sponsor_credits,
                    })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('learner.invite.hold', { days: offer.hold_days })}
                  </Text>
                  <TextInput
                    label={t('learner.invite.link')}
                    value={link}
                    readOnly
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <Group gap="sm">
                    <CopyButton value={link}>
                      {({ copied, copy }) => (
                        <Button onClick={copy} variant={copied ? 'filled' : 'default'} aria-live="polite">
                          {copied ? t('learner.invite.copied') : t('learner.invite.copy')}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                  {url_name_chosen ? null : (
                    <Text size="sm">
                      <Anchor component={Link} to={ROUTES.userSettings}>
                        {t('learner.invite.chooseName')}
                      </Anchor>
                    </Text>
                  )}
                </Stack>
              </Panel>
              <Stack gap="sm">
                <Title order={2} fz="xl">
                  {t('learner.invite.friends')}
                </Title>
                <DataTable rows={invitees} columns={inviteeColumns(t)} what={t('learner.invite.friends')} />
              </Stack>
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
