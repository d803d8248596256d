import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { GiftState, RedeemedGift, UserGift } from '@tokenly/contract/gifts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormTextInput } from '../../../components/form/text-input';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { FormAlert } from '../../../components/ui/form-alert';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { dayOf, formatDate, formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useRedeemGift, useUserGifts } from '../api/gifts';
import { pendingGift } from '../pending-gift';

type Translate = ReturnType<typeof useT>;

/** Each state's badge colour: dark shades, so white words on them stay readable. */
const STATE_COLORS: Record<GiftState, string> = {
  scheduled: 'blue.9',
  sent: 'teal.9',
  redeemed: 'gray.8',
  refunded: 'orange.9',
};

const giftColumns = (t: Translate): Column<UserGift>[] => [
  {
    header: t('payments.gifts.package'),
    cell: (row) => `${row.token_title} · ${formatUsd(row.amount)}`,
  },
  { header: t('payments.gifts.recipient'), cell: (row) => row.recipient_email },
  { header: t('payments.gifts.deliverOn'), cell: (row) => formatDate(dayOf(row.deliver_on)) },
  {
    header: t('payments.gifts.state'),
    cell: (row) => (
      <Badge color={STATE_COLORS[row.state]} variant="filled" tt="none">
        {/* i18n-keys: payments.gifts.states.* */}
        {t(`payments.gifts.states.${row.state}`)}
      </Badge>
    ),
  },
];

type RedeemForm = { code: string };

/** "Redeem a gift": the code from the gift's link (kept through sign-in) or typed from its mail. */
function RedeemGiftForm() {
  const t = useT();
  const [params] = useSearchParams();
  const redeem = useRedeemGift();
  const [failure, setFailure] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<RedeemedGift | null>(null);
  const form = useForm<RedeemForm>({
    defaultValues: { code: params.get('code') ?? pendingGift.get() ?? '' },
  });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    setRedeemed(null);
    try {
      setRedeemed(await redeem.mutateAsync({ code }));
      pendingGift.clear();
      form.reset({ code: '' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['code'])) setFailure(errorMessage(error));
    }
  });
  return (
    <Panel>
      <form onSubmit={onSubmit} aria-labelledby="redeem-gift-title" noValidate>
        <Stack gap="md">
          <Title order={2} fz="xl" id="redeem-gift-title">
            {t('payments.gifts.redeemTitle')}
          </Title>
          {redeemed ? (
            <FormAlert
              tone="info"
              title={t('payments.gifts.redeemed', {
                credits: redeemed.credits,
                name: redeemed.from_name,
                date: formatDate(redeemed.expires_at),
              })}
            />
          ) : null}
          {failure ? <FormAlert title={failure} /> : null}
          <FormTextInput
            form={form}
            name="code"
            rules={{ required: t('payments.gifts.codeRequired') }}
            label={t('payments.gifts.code')}
            description={t('payments.gifts.codeHint')}
            autoComplete="off"
            spellCheck={false}
            maw={360}
          />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('payments.gifts.redeem')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
  );
}

/** /user/gifts: redeem a gift, and the gifts the learner bought with their state. */
export function GiftsPage() {
  const t = useT();
  usePageTitle(t('payments.gifts.title'));
  const gifts = useUserGifts();
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('payments.gifts.title')}
      </Title>
      <RedeemGiftForm />
      <Stack gap="sm">
        <Title order={2} fz="xl">
          {t('payments.gifts.bought')}
        </Title>
        <Text>
          {t('payments.gifts.buyHint')}{' '}
          <Anchor component={Link} to={ROUTES.payment}>
            {t('payments.gifts.buy')}
          </Anchor>
        </Text>
        <QueryState query={gifts} failed={t('payments.gifts.loadFailed')}>
          {(rows) => <DataTable rows={rows} columns={giftColumns(t)} what={t('payments.gifts.bought')} />}
        </QueryState>
      </Stack>
    </Stack>
  );
}
