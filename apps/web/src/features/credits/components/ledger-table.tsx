import { Text } from '@mantine/core';
import type { LedgerRow } from '@tokenly/contract/credits';
import { type Column, DataTable } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

type Translate = ReturnType<typeof useT>;
type Reason = LedgerRow['reason'];
/** The reasons whose sentence can name what they were about (a plan, a class, the admin's note). */
type ReasonWithSubject = Exclude<Reason, 'grant' | 'expiry' | 'transfer' | 'referral' | 'rollover' | 'gift'>;

/**
 * What a movement was, in words: the class of a booking, the plan of a payment, the admin's reason. Each
 * reason has its sentence alone (`credits.reason.<reason>`) and, when it names something, with it
 * (`credits.reasonOf.<reason>`); a refunded payment and a waiver can name two things.
 * i18n-keys: credits.reason.*
 * i18n-keys: credits.reasonOf.*
 */
export function describeMovement(t: Translate, row: LedgerRow): string {
  const about = (reason: ReasonWithSubject, subject: string | null) =>
    subject ? t(`credits.reasonOf.${reason}`, { subject }) : t(`credits.reason.${reason}`);
  const lesson =
    row.class_title && row.class_time
      ? t('credits.lesson', { title: row.class_title, time: formatDateTime(row.class_time) })
      : row.class_title;
  switch (row.reason) {
    case 'grant':
    case 'expiry':
    case 'transfer':
    case 'referral':
    case 'rollover':
    case 'gift':
      return t(`credits.reason.${row.reason}`);
    case 'purchase':
    case 'subscription':
      return about(row.reason, row.plan_title);
    case 'booking':
    case 'refund':
    case 'late_cancel':
      return about(row.reason, lesson);
    case 'adjustment':
      return about(row.reason, row.note);
    case 'clawback':
      if (!row.plan_title) return about(row.reason, row.note);
      return row.note
        ? t('credits.clawback.planAndNote', { plan: row.plan_title, note: row.note })
        : t('credits.clawback.plan', { plan: row.plan_title });
    case 'waiver':
      if (!row.note) return about(row.reason, lesson);
      return lesson
        ? t('credits.waiver.lessonAndNote', { lesson, note: row.note })
        : t('credits.waiver.note', { note: row.note });
  }
}

/** Credit movements, newest first: the learner's credits page and the admin's learner page. */
export function LedgerTable({ rows, what }: { rows: LedgerRow[]; what?: string }) {
  const t = useT();
  const columns: Column<LedgerRow>[] = [
    { header: t('credits.ledger.date'), cell: (row) => formatDateTime(row.created_at) },
    {
      header: t('credits.ledger.change'),
      cell: (row) => (
        // A late cancel moves nothing: its 0 is neither a gain nor a loss.
        <Text fw={600} c={row.delta > 0 ? 'teal.9' : row.delta < 0 ? 'red.9' : 'dimmed'}>
          {row.delta > 0 ? `+${row.delta}` : row.delta}
        </Text>
      ),
    },
    { header: t('credits.ledger.what'), cell: (row) => describeMovement(t, row) },
  ];
  return (
    <DataTable rows={rows} columns={columns} what={what ?? t('credits.ledger.movements')} minWidth={480} />
  );
}
