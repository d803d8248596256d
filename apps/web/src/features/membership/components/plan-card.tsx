import { Badge, Box, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import type { ReactNode } from 'react';
import { IconCheck } from '../../../components/ui/icons';
import { formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

type PlanCardProps = {
  plan: TokenPlan;
  /** 'Package 1' in the lists; by default the plan's kind ('Renews every month', 'Token package'). */
  label?: string;
  /**
   * Ignored: a membership's period ('/ month', 'every month') comes from the plan itself, in the page's
   * language. Still accepted while the checkout page passes it.
   */
  per?: string;
  note?: string;
  highlighted?: boolean;
  headingLevel?: 2 | 3;
  /** The Select button; omitted on the checkout page. */
  action?: ReactNode;
};

/** One token plan: the card of SPEC.md "Payment" ('Package N', title, '$28', '(VAT included)'). */
export function PlanCard({ plan, label, note, highlighted, headingLevel = 3, action }: PlanCardProps) {
  const t = useT();
  const recurring = plan.kind !== 'package';
  const months = plan.interval_months ?? 1;
  return (
    <Card
      shadow={highlighted ? 'md' : 'xs'}
      style={highlighted ? { borderColor: 'var(--mantine-color-brand-7)', borderWidth: 2 } : undefined}
      h="100%"
    >
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="sm">
          {/* Wraps where a language's words do not fit beside the saving, instead of cutting it short. */}
          <Group justify="space-between" align="flex-start" gap="xs">
            <Text fw={700} c="brand.8" tt="uppercase" fz="xs" style={{ letterSpacing: '0.06em' }}>
              {label ?? (recurring ? t('membership.plan.renews', { months }) : t('membership.plan.package'))}
            </Text>
            {note ? (
              <Badge
                color="sun.3"
                c="dark.8"
                variant="filled"
                radius="sm"
                tt="none"
                // A badge keeps to one line and cuts its end ("Saves over…"): this one wraps, whole.
                h="auto"
                maw="100%"
                styles={{ label: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 2 } }}
              >
                {note}
              </Badge>
            ) : null}
          </Group>
          <Title order={headingLevel} fz="lg">
            {/* The school's own title, often English: isolated so "6-Month" keeps its order in Arabic. */}
            <bdi>{plan.token_title}</bdi>
          </Title>
          <div>
            <Group gap={6} align="baseline">
              <Text fz={36} fw={800} lh={1} c="dark.8">
                {formatUsd(plan.amount)}
              </Text>
              {recurring ? (
                <Text c="dimmed" fz="sm">
                  {t('membership.plan.per', { months })}
                </Text>
              ) : null}
            </Group>
            <Text c="dimmed" fz="sm" mt={4}>
              {t('membership.plan.vat')}
            </Text>
          </div>
          <List
            spacing={6}
            size="sm"
            icon={
              // A span, not ThemeIcon's <div>: the list puts its icon inside a <span>.
              <Box
                component="span"
                display="inline-flex"
                w={20}
                h={20}
                bg="brand.0"
                c="brand.8"
                style={{ borderRadius: '50%', alignItems: 'center', justifyContent: 'center' }}
              >
                <IconCheck size={14} />
              </Box>
            }
          >
            {plan.kind === 'club' ? (
              // The club plan runs the Club pass; it grants no tokens.
              <>
                <List.Item>{t('membership.plan.clubPass')}</List.Item>
                <List.Item>{t('membership.plan.clubSessions')}</List.Item>
                <List.Item>{t('membership.plan.clubNoTokens')}</List.Item>
              </>
            ) : (
              <>
                <List.Item>
                  {recurring
                    ? t('membership.plan.tokensEvery', { count: plan.token_credit, months })
                    : t('membership.plan.tokens', { count: plan.token_credit })}
                </List.Item>
                <List.Item>{t('membership.plan.validity', { days: plan.token_expiry })}</List.Item>
                <List.Item>{t('membership.plan.anyClass')}</List.Item>
              </>
            )}
          </List>
        </Stack>
        {action}
      </Stack>
    </Card>
  );
}
