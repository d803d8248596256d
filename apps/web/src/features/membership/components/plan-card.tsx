import { Badge, Box, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import type { ReactNode } from 'react';
import { IconCheck } from '../../../components/ui/icons';
import { formatUsd } from '../../../lib/format';

type PlanCardProps = {
  plan: TokenPlan;
  /** 'Package 1', 'Monthly membership', ... */
  label: string;
  /** Price suffix for memberships: '/ month'. */
  per?: string;
  note?: string;
  highlighted?: boolean;
  headingLevel?: 2 | 3;
  /** The Select button; omitted on the checkout page. */
  action?: ReactNode;
};

/** One token plan: the card of SPEC.md "Payment" ('Package N', title, '$28', '(VAT included)'). */
export function PlanCard({ plan, label, per, note, highlighted, headingLevel = 3, action }: PlanCardProps) {
  return (
    <Card
      shadow={highlighted ? 'md' : 'xs'}
      style={highlighted ? { borderColor: 'var(--mantine-color-brand-7)', borderWidth: 2 } : undefined}
      h="100%"
    >
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} c="brand.8" tt="uppercase" fz="xs" style={{ letterSpacing: '0.06em' }}>
              {label}
            </Text>
            {note ? (
              <Badge color="sun.3" c="dark.8" variant="filled" radius="sm" tt="none">
                {note}
              </Badge>
            ) : null}
          </Group>
          <Title order={headingLevel} fz="lg">
            {plan.token_title}
          </Title>
          <div>
            <Group gap={6} align="baseline">
              <Text fz={36} fw={800} lh={1} c="dark.8">
                {formatUsd(plan.amount)}
              </Text>
              {per ? (
                <Text c="dimmed" fz="sm">
                  / {per}
                </Text>
              ) : null}
            </Group>
            <Text c="dimmed" fz="sm" mt={4}>
              (VAT included)
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
            <List.Item>
              {plan.token_credit} {plan.token_credit === 1 ? 'token' : 'tokens'}
              {per ? ` every ${per}` : ''}
            </List.Item>
            <List.Item>Tokens valid for {plan.token_expiry} days</List.Item>
            <List.Item>Book any group or private class</List.Item>
          </List>
        </Stack>
        {action}
      </Stack>
    </Card>
  );
}
