import { Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MessageKey } from '@tokenly/i18n/keys';
import { IconChat, IconClock, IconUsers } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import { formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { prefetchMembershipTokens, useMembershipTokens } from '../api/get-membership-tokens';
import { clubPlanOf } from '../utils/plans';
import { ClubSection } from './club-plan';
import { MembershipPlans } from './membership-plans';
import { TokenPackages } from './token-packages';

// SPEC.md section 9: class formats and their credits.
const FORMATS: { icon: typeof IconUsers; title: MessageKey; text: MessageKey }[] = [
  { icon: IconUsers, title: 'membership.formats.coreFlex.title', text: 'membership.formats.coreFlex.text' },
  {
    icon: IconClock,
    title: 'membership.formats.coreFlexPlus.title',
    text: 'membership.formats.coreFlexPlus.text',
  },
  { icon: IconChat, title: 'membership.formats.club.title', text: 'membership.formats.club.text' },
];

/** The Conversation Club's monthly price of SPEC.md section 9, until the school's own club plan is read. */
const CLUB_PRICE_USD = 20;

export const startLoadingMembershipPage = prefetchMembershipTokens;

export function MembershipPage() {
  const t = useT();
  usePageTitle(t('membership.page.title'));
  const clubPrice = clubPlanOf(useMembershipTokens().plans ?? [])?.amount ?? CLUB_PRICE_USD;
  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 56, sm: 88 }}>
        <Container>
          <Stack gap="md" maw={720}>
            <Title order={1} fz={{ base: 34, sm: 48 }}>
              {t('membership.page.heading')}
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} c="brand.0">
              {t('membership.page.intro')}
            </Text>
          </Stack>
        </Container>
      </Box>

      <Section
        id="flexible-learning"
        title={t('membership.flexible.title')}
        description={t('membership.flexible.description')}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FORMATS.map((format) => (
            <Card key={format.title}>
              <Stack gap="sm">
                <ThemeIcon size={44} radius="md" color="brand.0" c="brand.8">
                  <format.icon size={24} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {t(format.title)}
                </Title>
                <Text c="dimmed" fz="sm">
                  {t(format.text, { price: formatUsd(clubPrice) })}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section
        id="memberships"
        title={t('membership.memberships.title')}
        description={t('membership.memberships.description')}
        bg="gray.0"
      >
        <MembershipPlans />
      </Section>

      <Section
        id="packages"
        title={t('membership.packages.title')}
        description={t('membership.packages.description')}
      >
        <TokenPackages />
      </Section>

      <ClubSection />
    </>
  );
}
