import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  BILLING_ADDRESS_MAX_LENGTH,
  BILLING_COUNTRY_MAX_LENGTH,
  type BillingDetails,
} from '@tokenly/contract/invoices';
import { LEGAL_NAME_MAX_LENGTH, VAT_NUMBER_MAX_LENGTH } from '@tokenly/contract/school-settings';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { useBillingDetails, useSaveBillingDetails } from '../../payments/api/invoices';
import { SectionForm, useDraft } from './section-form';

/**
 * The learner's details for invoices, all optional: a company paying for an employee's classes puts its
 * name, address and VAT number here. Invoices issued from then on carry them; issued ones stay as they are.
 */
export function BillingDetailsForm() {
  const t = useT();
  const details = useBillingDetails();
  return (
    <QueryState
      query={details}
      loading={t('payments.billing.loading')}
      failed={t('payments.billing.loadFailed')}
    >
      {(saved) => <DetailsForm saved={saved} />}
    </QueryState>
  );
}

function DetailsForm({ saved }: { saved: BillingDetails }) {
  const t = useT();
  const save = useSaveBillingDetails();
  const [values, setValues] = useDraft(saved);
  const field = (name: keyof BillingDetails) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });
  return (
    <SectionForm
      label={t('payments.billing.title')}
      title={t('payments.billing.title')}
      intro={t('payments.billing.intro')}
      values={values}
      save={save}
      savedText={t('payments.billing.saved')}
      saveLabel={t('payments.billing.save')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('payments.billing.name')}
          autoComplete="organization"
          maxLength={LEGAL_NAME_MAX_LENGTH}
          {...field('name')}
        />
        <TextInput
          label={t('payments.billing.vatNumber')}
          autoComplete="off"
          maxLength={VAT_NUMBER_MAX_LENGTH}
          {...field('vat_number')}
        />
        <Textarea
          label={t('payments.billing.address')}
          autoComplete="street-address"
          autosize
          minRows={2}
          maxLength={BILLING_ADDRESS_MAX_LENGTH}
          {...field('address')}
        />
        <TextInput
          label={t('payments.billing.country')}
          autoComplete="country-name"
          maxLength={BILLING_COUNTRY_MAX_LENGTH}
          {...field('country')}
        />
      </SimpleGrid>
    </SectionForm>
  );
}
