import { Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChat, IconClock, IconUsers } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/section';
import { usePageTitle } from '../../../lib/page-title';
import { prefetchMembershipTokens } from '../api/get-membership-tokens';
import { MembershipPlans } from './membership-plans';
import { TokenPackages } from './token-packages';

// SPEC.md section 9: class formats and their credits.
const FORMATS = [
  {
    icon: IconUsers,
    title: 'Core Flex',
    text: 'A 50-minute group class with at most 8 learners. 1 token per class.',
  },
  {
    icon: IconClock,
    title: 'Core Flex Plus',
    text: 'A reduced group of at most 4 students for more speaking time. 2 tokens per class.',
  },
  {
    icon: IconChat,
    title: 'Conversation Club',
    text: '50-minute sessions 2-3 times a week (8-10 a month) for $20 a month. A month is included with packages 3 and 4.',
  },
];

export const startLoadingMembershipPage = prefetchMembershipTokens;

export function MembershipPage() {
  usePageTitle('Membership');
  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 56, sm: 88 }}>
        <Container>
          <Stack gap="md" maw={720}>
            <Title order={1} fz={{ base: 34, sm: 48 }}>
              Become a Member
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} c="brand.0">
              One membership, all the English you need: live classes with expert teachers, booked whenever it
              suits you.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Section
        id="flexible-learning"
        title="Flexible Learning with Tokens"
        description="Buy tokens once and use them to book any general, reduced-group or private class. There are no rigid schedules: choose the classes that fit your week, and spend your tokens as you go."
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {FORMATS.map((format) => (
            <Card key={format.title}>
              <Stack gap="sm">
                <ThemeIcon size={44} radius="md" color="brand.0" c="brand.8">
                  <format.icon size={24} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {format.title}
                </Title>
                <Text c="dimmed" fz="sm">
                  {format.text}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section
        id="memberships"
        title="Membership plans"
        description="A fresh batch of tokens every period, billed automatically. The longer the plan, the more you save."
        bg="gray.0"
      >
        <MembershipPlans />
      </Section>

      <Section
        id="packages"
        title="Token packages"
        description="Prefer to pay once? Pick a package of tokens and book classes at your own pace."
      >
        <TokenPackages />
      </Section>
    </>
  );
}
