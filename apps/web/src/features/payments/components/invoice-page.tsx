import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Invoice, InvoiceParty } from '@tokenly/contract/invoices';
import type { MessageKey } from '@tokenly/i18n/keys';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatUsd } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { type InvoiceScope, invoicePdfUrl, useInvoice } from '../api/invoices';
import { LabelledFields } from './labelled-fields';
import classes from './payment-receipt.module.css';

function Party({ title, party }: { title: string; party: InvoiceParty }) {
  const t = useT();
  // Names and addresses are the school's and the learner's, in any script: isolated from the page's direction.
  return (
    <div>
      <Title order={2} fz="md">
        {title}
      </Title>
      <Text fw={600}>
        <bdi>{party.name}</bdi>
      </Text>
      {party.address ? (
        <Text style={{ whiteSpace: 'pre-line' }}>
          <bdi>{party.address}</bdi>
        </Text>
      ) : null}
      {party.country ? (
        <Text>
          <bdi>{party.country}</bdi>
        </Text>
      ) : null}
      {party.vat_number ? <Text>{t('payments.invoice.vatNumber', { number: party.vat_number })}</Text> : null}
      <Text>
        <bdi>{party.email}</bdi>
      </Text>
    </div>
  );
}

function InvoiceDocument({ invoice, scope }: { invoice: Invoice; scope: InvoiceScope }) {
  const t = useT();
  const link = scope === 'user' ? ROUTES.userInvoice : ROUTES.adminInvoice;
  const credit = invoice.kind === 'credit_note';
  const card =
    invoice.card_brand && invoice.card_last4
      ? t('payments.invoice.cardEnding', { brand: invoice.card_brand, last4: invoice.card_last4 })
      : t('payments.invoice.card');
  const rows: [MessageKey, ReactNode][] = [
    ['payments.invoice.date', formatDate(invoice.issued_at)],
    ['payments.invoice.payment', invoice.payment_reference],
    [
      'payments.invoice.item',
      <bdi key="item">
        {t('payments.invoice.itemTokens', { plan: invoice.description, count: invoice.number_token })}
      </bdi>,
    ],
    ['payments.invoice.net', formatUsd(invoice.net_amount)],
    ['payments.invoice.vat', `${formatUsd(invoice.vat_amount)} (${invoice.vat_rate}%)`],
    [credit ? 'payments.invoice.totalCredited' : 'payments.invoice.total', formatUsd(invoice.total)],
    [credit ? 'payments.invoice.refundedTo' : 'payments.invoice.paidWith', card],
  ];
  if (invoice.credit_of) rows.push(['payments.invoice.creditOf', invoice.credit_of]);
  return (
    <Panel className={classes.receipt}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t(credit ? 'payments.invoice.creditNoteHeading' : 'payments.invoice.heading', {
            number: invoice.number,
          })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Party title={t('payments.invoice.seller')} party={invoice.seller} />
          <Party title={t('payments.invoice.buyer')} party={invoice.buyer} />
        </SimpleGrid>
        <LabelledFields rows={rows} />
        {invoice.credit_notes.length > 0 ? (
          <div>
            <Title order={2} fz="md">
              {t('payments.invoice.creditNotes')}
            </Title>
            <Group gap="md">
              {invoice.credit_notes.map((note) => (
                <Anchor key={note.id} component={Link} to={link(note.id)}>
                  {note.number}
                </Anchor>
              ))}
            </Group>
          </div>
        ) : null}
      </Stack>
    </Panel>
  );
}

function InvoiceView({ scope }: { scope: InvoiceScope }) {
  const t = useT();
  usePageTitle(t('payments.invoice.title'));
  const id = useParams().id ?? '';
  const invoice = useInvoice(id, scope);
  return (
    <Stack gap="lg">
      <Group justify="space-between" className={classes.noPrint}>
        <Button
          component={Link}
          to={scope === 'user' ? ROUTES.userPaymenyList : ROUTES.adminPaymentList}
          variant="default"
        >
          {t('payments.receipt.back')}
        </Button>
        {invoice.isSuccess ? (
          <Button component="a" href={invoicePdfUrl(invoice.data.id, scope)} download>
            {t('payments.invoice.downloadPdf')}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={invoice}
        loading={t('payments.invoice.loading')}
        failed={t('payments.invoice.loadFailed')}
      >
        {(data) => <InvoiceDocument invoice={data} scope={scope} />}
      </QueryState>
    </Stack>
  );
}

/** /user/invoice/{id}: one of the learner's invoices or credit notes, with its PDF. */
export function InvoicePage() {
  return <InvoiceView scope="user" />;
}

/** /admin/invoice/{id}: any learner's invoice or credit note, from the payments list. */
export function AdminInvoicePage() {
  return <InvoiceView scope="admin" />;
}
