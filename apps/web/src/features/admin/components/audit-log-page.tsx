import { Anchor, Box, NativeSelect, Text, TextInput } from '@mantine/core';
import type { AuditEvent, AuditPage, AuditSubject } from '@tokenly/contract/audit';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/data-table';
import { ROUTES } from '../../../config/routes';
import { formatDateTime } from '../../../lib/format';
import { useAuditPage } from '../api/audit';
import { useFilterParams } from '../hooks/use-filter-params';
import { AdminPage } from './admin-page';
import { FilterForm } from './filter-form';
import { PagedTable } from './paged-table';

const FILTER_KEYS = ['actor_id', 'action', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

const KIND_WORDS: Record<AuditSubject['kind'], string> = {
  'class-type': 'class type',
  class: 'class',
  series: 'series',
  plan: 'plan',
  account: 'account',
  teacher: 'teacher',
  payment: 'payment of',
  booking: 'booking in',
  'waitlist-entry': 'waitlist place in',
  'site-page': 'page',
  'blog-post': 'post',
};

/** Where the subject's own page is, if it has one. */
function subjectPath(subject: AuditSubject): string | undefined {
  switch (subject.kind) {
    case 'class-type':
      return ROUTES.adminClassEdit(subject.id);
    case 'class':
    case 'booking':
    case 'waitlist-entry':
      return subject.class_id === null ? undefined : ROUTES.adminScheduleView(subject.class_id);
    case 'plan':
      return ROUTES.adminTokenEdit(subject.id);
    case 'teacher':
      return ROUTES.adminTeacherEdit(subject.id);
    case 'account':
      if (subject.role === 'admin') return ROUTES.adminUserEdit(subject.id);
      if (subject.role === 'teacher') return ROUTES.adminTeacherEdit(subject.id);
      return subject.role === 'user' ? ROUTES.adminStudent(subject.id) : undefined;
    case 'site-page':
      return ROUTES.adminSitePageEdit(subject.id);
    case 'blog-post':
      return ROUTES.adminSitePostEdit(subject.id);
    case 'payment':
    case 'series':
      return undefined;
  }
}

/** The subject in words, linked to its page: "class Small Talk Lab", or "class #12" once removed. */
function SubjectLink({ subject }: { subject: AuditSubject }) {
  const name = subject.name ?? `#${subject.id}`;
  const path = subjectPath(subject);
  return (
    <Text component="span" inherit>
      {KIND_WORDS[subject.kind]}{' '}
      {path ? (
        <Anchor component={Link} to={path} inherit fw={600}>
          {name}
        </Anchor>
      ) : (
        <Text component="span" inherit fw={600}>
          {name}
        </Text>
      )}
    </Text>
  );
}

/** "delta_credits" reads "Delta credits"; a value as text, lists joined, yes and no for switches. */
const fieldLabel = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replaceAll('_', ' ');
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** What was sent, one labelled line a field (the reason has its own column). */
function Details({ details }: { details: AuditEvent['details'] }) {
  const fields = Object.entries(details ?? {}).filter(([key]) => key !== 'reason');
  if (fields.length === 0) return <>—</>;
  return (
    <Box component="dl" m={0} fz="xs">
      {fields.map(([key, value]) => (
        <Box key={key} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 4 }}>
          <Box component="dt" fw={600}>
            {fieldLabel(key)}:
          </Box>
          <Box component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {valueText(value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const COLUMNS: Column<AuditEvent>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.created_at) },
  {
    header: 'What happened',
    cell: (row) => (
      <Text fz="sm">
        <Text component="span" inherit fw={600}>
          {row.actor.name}
        </Text>
        {': '}
        {row.summary}
        {row.subject ? (
          <>
            {' — '}
            <SubjectLink subject={row.subject} />
          </>
        ) : null}
      </Text>
    ),
  },
  { header: 'Reason', cell: (row) => row.reason ?? '—' },
  { header: 'Details', cell: (row) => <Details details={row.details} /> },
];

function AuditFilters({
  filters,
  apply,
  choices,
}: {
  filters: Filters;
  apply: (next: Filters) => void;
  choices: Pick<AuditPage, 'actors' | 'changes'> | undefined;
}) {
  const actorOptions = [
    { value: '', label: 'Anyone' },
    ...(choices?.actors ?? []).map((actor) => ({ value: String(actor.id), label: actor.name })),
  ];
  const changeOptions = [
    { value: '', label: 'Any change' },
    ...(choices?.changes ?? []).map((change) => ({ value: change.action, label: change.label })),
  ];
  return (
    <FilterForm label="Filter the audit log" filters={filters} apply={apply} columns={4}>
      {(field) => (
        <>
          <NativeSelect label="Who" data={actorOptions} {...field('actor_id')} />
          <NativeSelect label="Change" data={changeOptions} {...field('action')} />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
        </>
      )}
    </FilterForm>
  );
}

/** The page of the log the URL's filters select. */
function useFilteredAuditPage(page: number) {
  const [filters] = useFilterParams(FILTER_KEYS);
  return useAuditPage(page, filters);
}

/** Every administrative change, newest first: who did what to which record, why, and what was sent. */
export function AdminAuditLogPage() {
  const [filters, setFilters] = useFilterParams(FILTER_KEYS);
  // The choices come with any page of the log: the first page's, asked for once with the list's.
  const choices = useAuditPage(1).data;
  return (
    <AdminPage title="Audit log">
      <AuditFilters key={JSON.stringify(filters)} filters={filters} apply={setFilters} choices={choices} />
      <PagedTable usePage={useFilteredAuditPage} what="Audit log" columns={COLUMNS} minWidth={960} />
    </AdminPage>
  );
}
