import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Certificate, verifyPath } from '@tokenly/contract/progress';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate, localIsoDay } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { certificatePdfUrl, certificatesQuery, progressQuery, useIssueCertificate } from '../api/progress';
import { hoursOf, ProgressSummary } from './progress-summary';

function CertificateRow({ certificate }: { certificate: Certificate }) {
  const t = useT();
  const period = t('learner.progress.period', {
    from: formatDate(`${certificate.from}T12:00:00Z`),
    to: formatDate(`${certificate.to}T12:00:00Z`),
  });
  return (
    <Paper withBorder p="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={600}>{period}</Text>
          <Text size="sm">
            {t('learner.progress.certificateCounts', {
              classes: certificate.classes,
              hours: hoursOf(certificate.minutes),
            })}
          </Text>
        </div>
        <Group gap="sm">
          {certificate.revoked_at && (
            <Badge color="red.9" variant="filled">
              {t('learner.progress.revoked')}
            </Badge>
          )}
          <Anchor component={Link} to={verifyPath(certificate.code)}>
            {t('learner.progress.verifyPage')}
          </Anchor>
          <Button component="a" href={certificatePdfUrl(certificate.id)} download variant="default">
            {t('learner.progress.download', { period })}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function Certificates() {
  const t = useT();
  const list = useQuery(certificatesQuery());
  const issue = useIssueCertificate();
  const today = localIsoDay(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      await issue.mutateAsync({ from, to });
      dialog.saved(t('learner.progress.issued'));
    } catch (error) {
      dialog.failure(error, () => void submit());
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('learner.progress.certificates')}
      </Title>
      <Text>{t('learner.progress.certificatesIntro')}</Text>
      <form onSubmit={submit}>
        <Group align="end" wrap="wrap">
          <TextInput
            type="date"
            label={t('learner.progress.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            required
          />
          <TextInput
            type="date"
            label={t('learner.progress.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            required
          />
          <Button type="submit" loading={issue.isPending}>
            {t('learner.progress.issue')}
          </Button>
        </Group>
      </form>
      <QueryState query={list} failed={t('learner.progress.certificatesFailed')}>
        {(certificates) =>
          certificates.length === 0 ? (
            <Text c="dimmed">{t('learner.progress.noCertificates')}</Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0 }}>
              {certificates.map((certificate) => (
                <CertificateRow key={certificate.id} certificate={certificate} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** The learner's Progress page: hours, level, the weeks, teachers' notes and certificates. */
export function ProgressPage() {
  const t = useT();
  usePageTitle(t('learner.progress.title'));
  const progress = useQuery(progressQuery());
  return (
    <Stack gap="lg">
      <Title order={1}>{t('learner.progress.title')}</Title>
      <QueryState query={progress} failed={t('learner.progress.failed')}>
        {(data) => <ProgressSummary progress={data} />}
      </QueryState>
      <Certificates />
    </Stack>
  );
}
