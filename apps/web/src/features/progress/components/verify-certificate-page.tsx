import { Alert, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LabelledValue } from '../../../components/ui/labelled-value';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { certificateCheckQuery } from '../api/progress';
import { hoursOf } from './progress-summary';

const day = (isoDay: string) => formatDate(`${isoDay}T12:00:00Z`);

/** The public page a certificate's address opens: what it says, and whether the school still stands by it. */
export function VerifyCertificatePage() {
  const t = useT();
  usePageTitle(t('marketing.verify.title'));
  const code = useParams().code ?? '';
  const check = useQuery({ ...certificateCheckQuery(code), retry: false });
  const unknown =
    check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 422);
  return (
    <Stack gap="lg" maw={720} mx="auto" py="xl" px="md">
      <Title order={1}>{t('marketing.verify.title')}</Title>
      {unknown ? (
        <Alert color="red.9" variant="outline" title={t('marketing.verify.notFound')}>
          {t('marketing.verify.notFoundHelp')}
        </Alert>
      ) : (
        <QueryState query={check} failed={t('marketing.verify.failed')}>
          {(certificate) => (
            <Stack gap="md">
              {certificate.status === 'genuine' ? (
                <Alert color="teal.9" variant="outline" title={t('marketing.verify.genuine')}>
                  {t('marketing.verify.genuineHelp', { school: certificate.school_name })}
                </Alert>
              ) : (
                <Alert color="red.9" variant="outline" title={t('marketing.verify.revoked')}>
                  {t('marketing.verify.revokedOn', { date: formatDate(certificate.revoked_at ?? '') })}
                </Alert>
              )}
              <Paper withBorder p="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <LabelledValue label={t('marketing.verify.learner')}>
                    {certificate.learner_name}
                  </LabelledValue>
                  <LabelledValue label={t('marketing.verify.school')}>
                    {certificate.school_name}
                  </LabelledValue>
                  <LabelledValue label={t('marketing.verify.period')}>
                    {t('marketing.verify.periodValue', {
                      from: day(certificate.from),
                      to: day(certificate.to),
                    })}
                  </LabelledValue>
                  <LabelledValue label={t('marketing.verify.attended')}>
                    {t('marketing.verify.attendedValue', {
                      classes: certificate.classes,
                      hours: hoursOf(certificate.minutes),
                    })}
                  </LabelledValue>
                  {certificate.level && (
                    <LabelledValue label={t('marketing.verify.level')}>{certificate.level}</LabelledValue>
                  )}
                  <LabelledValue label={t('marketing.verify.issued')}>
                    {formatDate(certificate.issued_at)}
                  </LabelledValue>
                  <LabelledValue label={t('marketing.verify.code')}>{certificate.code}</LabelledValue>
                </SimpleGrid>
              </Paper>
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
