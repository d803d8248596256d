import { NativeSelect, SimpleGrid } from '@mantine/core';
import { CLUB_MONTH_DAYS } from '@tokenly/contract/club-pass';
import { type TokenPlan, type TokenPlanAddBody, tokenPlanAddBodySchema } from '@tokenly/contract/token-plans';
import { useNavigate } from 'react-router';
import { FormCheckbox } from '../../../components/form/checkbox';
import { FormDecimal, FormWholeNumber } from '../../../components/form/number-input';
import { type EntryFormProps, FormCard, saveOnSubmit } from '../../../components/form/saving-form';
import { useSchemaForm } from '../../../components/form/schema-form';
import { FormTextInput } from '../../../components/form/text-input';
import { dialog } from '../../../components/ui/dialog';
import { ROUTES } from '../../../config/routes';

const FIELDS = [
  'token_title',
  'token_credit',
  'token_expiry',
  'amount',
  'active',
  'kind',
  'interval_months',
  'club_months',
] as const;

/**
 * SPEC.md "Admin Edit Token" (title, credit and expiry required) with the price and the on-sale switch;
 * adding a plan also picks its kind. The kind of an existing plan is fixed: buyers hold tokens of it.
 */
export function TokenForm({ entry: plan, save }: EntryFormProps<TokenPlan, TokenPlanAddBody>) {
  const navigate = useNavigate();
  const form = useSchemaForm(tokenPlanAddBodySchema, {
    token_title: plan?.token_title ?? '',
    token_credit: plan?.token_credit ?? '',
    token_expiry: plan?.token_expiry ?? '',
    amount: plan?.amount ?? '',
    active: plan?.active ?? true,
    kind: plan?.kind ?? 'package',
    interval_months: plan?.interval_months ?? null,
    club_months: plan?.club_months ?? 0,
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');
  const kindField = form.register('kind');
  // A club plan runs the Club pass month by month: no tokens, no free club months, expiry unused.
  const club = kind === 'club';

  const onSubmit = saveOnSubmit(form, FIELDS, save, () => {
    dialog.saved();
    navigate(ROUTES.adminTokenList);
  });

  return (
    <FormCard
      label={plan ? 'Edit token plan' : 'Add token plan'}
      onSubmit={onSubmit}
      width={640}
      submit={{ label: 'Submit', saving: isSubmitting }}
    >
      <FormTextInput form={form} name="token_title" label="Token Title" required />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {!club && (
          <>
            <FormWholeNumber form={form} name="token_credit" label="Token Credit" required />
            <FormWholeNumber form={form} name="token_expiry" label="Token Expiry (days)" required />
          </>
        )}
        <FormDecimal form={form} name="amount" label="Price (USD, VAT included)" required />
      </SimpleGrid>
      {!club && (
        <FormWholeNumber
          form={form}
          name="club_months"
          label="Club months included"
          description="Conversation Club pass each purchase brings: 30 days a month, from the purchase or added to a running pass."
          min={0}
          max={12}
          maw={240}
        />
      )}
      {!plan && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Kind"
            data={[
              { value: 'package', label: 'Package (one-time)' },
              { value: 'membership', label: 'Membership (recurring)' },
              { value: 'club', label: 'Conversation Club (monthly, runs the Club pass)' },
            ]}
            error={errors.kind?.message}
            {...kindField}
            onChange={(event) => {
              void kindField.onChange(event);
              if (event.currentTarget.value !== 'club') return;
              form.setValue('token_credit', 0);
              form.setValue('club_months', 0);
              if (form.getValues('token_expiry') === '') form.setValue('token_expiry', CLUB_MONTH_DAYS);
            }}
          />
          {kind === 'membership' && (
            <FormWholeNumber form={form} name="interval_months" label="Billing period (months)" required />
          )}
        </SimpleGrid>
      )}
      <FormCheckbox
        form={form}
        name="active"
        label="On sale (active)"
        description="Inactive plans disappear from the shop; tokens already bought stay valid."
      />
    </FormCard>
  );
}
