import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PromoCode, PromoCodeInput } from '@tokenly/contract/promo-codes';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormNativeSelect } from '../../../components/form/native-select';
import { FormDecimal, FormWholeNumber } from '../../../components/form/number-input';
import { type EntryFormProps, FormCard, saveOnSubmit } from '../../../components/form/saving-form';
import { FormTextInput } from '../../../components/form/text-input';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';
import { useTokenPlanPage } from '../api/token-plans';

type Values = {
  code: string;
  description: string;
  kind: 'percent' | 'amount';
  percent_off: string;
  amount_off: string;
  token_plan_ids: number[];
  first_purchase_only: boolean;
  starts_at: string;
  ends_at: string;
  max_uses: string;
  max_uses_per_learner: string;
  active: boolean;
};
const FIELDS = [
  'code',
  'description',
  'kind',
  'percent_off',
  'amount_off',
  'first_purchase_only',
  'starts_at',
  'ends_at',
  'max_uses',
  'max_uses_per_learner',
  'active',
] as const;

// A datetime-local field holds the browser's local time without a zone; the API takes instants.
const pad = (value: number) => String(value).padStart(2, '0');
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const toInstant = (local: string) => (local === '' ? null : new Date(local).toISOString());

/** Add or edit a promo code: its discount, the packages it is for, its dates and use limits. */
export function PromoCodeForm({ entry: code, save }: EntryFormProps<PromoCode, PromoCodeInput>) {
  const navigate = useNavigate();
  // Codes are for one-time packages; a school has few plans, so the first page lists them all.
  const plans = useTokenPlanPage(1);
  const packages = (plans.data?.data ?? []).filter((plan) => plan.kind === 'package');
  const form = useForm<Values>({
    defaultValues: {
      code: code?.code ?? '',
      description: code?.description ?? '',
      kind: code?.kind ?? 'percent',
      percent_off: code?.percent_off?.toString() ?? '',
      amount_off: code?.amount_off?.toString() ?? '',
      token_plan_ids: code?.token_plan_ids ?? [],
      first_purchase_only: code?.first_purchase_only ?? false,
      starts_at: toLocalInput(code?.starts_at ?? null),
      ends_at: toLocalInput(code?.ends_at ?? null),
      max_uses: code?.max_uses?.toString() ?? '',
      max_uses_per_learner: code?.max_uses_per_learner?.toString() ?? '',
      active: code?.active ?? true,
    },
  });
  const { isSubmitting } = form.formState;
  const kind = form.watch('kind');

  const onSubmit = saveOnSubmit(
    form,
    FIELDS,
    (values) =>
      save({ ...values, starts_at: toInstant(values.starts_at), ends_at: toInstant(values.ends_at) }),
    () => {
      dialog.saved();
      navigate(ROUTES.adminPromoCodes);
    },
  );

  return (
    <FormCard
      label={code ? 'Edit promo code' : 'Add promo code'}
      onSubmit={onSubmit}
      width={640}
      submit={{ label: 'Submit', saving: isSubmitting }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput
          form={form}
          name="code"
          label="Code"
          description="3 to 32 letters, digits and hyphens; learners type it in any case."
          required
          maxLength={32}
        />
        <FormTextInput form={form} name="description" label="Description (for the school)" maxLength={200} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormNativeSelect
          form={form}
          name="kind"
          label="Discount"
          data={[
            { value: 'percent', label: 'Percent off' },
            { value: 'amount', label: 'Amount off (USD)' },
          ]}
        />
        {kind === 'percent' ? (
          <FormWholeNumber form={form} name="percent_off" label="Percent off" max={100} required />
        ) : (
          <FormDecimal form={form} name="amount_off" label="Amount off (USD)" required />
        )}
      </SimpleGrid>
      <Controller
        control={form.control}
        name="token_plan_ids"
        render={({ field }) => (
          <Checkbox.Group
            label="Packages"
            description="None ticked: every package. Codes never apply to memberships."
            value={field.value.map(String)}
            onChange={(ids) => field.onChange(ids.map(Number))}
          >
            <Stack gap={6} pt={6}>
              {packages.map((plan) => (
                <Checkbox key={plan.id} value={String(plan.id)} label={plan.token_title} />
              ))}
              {plans.isSuccess && packages.length === 0 ? <Text size="sm">No packages yet.</Text> : null}
            </Stack>
          </Checkbox.Group>
        )}
      />
      <FormCheckbox
        form={form}
        name="first_purchase_only"
        label="First purchase only"
        description="Only for learners who have never paid for a package or membership."
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput form={form} name="starts_at" label="Starts (optional)" type="datetime-local" />
        <FormTextInput form={form} name="ends_at" label="Ends (optional)" type="datetime-local" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormWholeNumber form={form} name="max_uses" label="Total uses (empty: no limit)" />
        <FormWholeNumber form={form} name="max_uses_per_learner" label="Uses per learner (empty: no limit)" />
      </SimpleGrid>
      <FormCheckbox
        form={form}
        name="active"
        label="Active"
        description="An inactive code is refused at the checkout; payments already made with it keep it."
      />
    </FormCard>
  );
}
