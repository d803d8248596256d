import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Certificate, REVOKE_REASON_MAX, verifyPath } from '@tokenly/contract/progress';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { dialog } from '../../../components/ui/dialog';
import { QueryState } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/format';
import { certificatesQuery, progressQuery, useRevokeCertificate } from '../api/progress';
import { hoursOf, ProgressSummary } from './progress-summary';

function RevokeForm({ certificate }: { certificate: Certificate }) {
  const revoke = useRevokeCertificate(certificate.id);
  const [reason, setReason] = useState('');
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    try {
      await revoke.mutateAsync({ reason });
      dialog.saved('Certificate revoked.');
    } catch (error) {
      dialog.failure(error, () => void submit());
    }
  };
  return (
    <form onSubmit={submit}>
      <Group align="end" wrap="wrap">
        <TextInput
          label={`Why revoke certificate ${certificate.code}`}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={REVOKE_REASON_MAX}
          required
        />
        <Button type="submit" color="red.9" loading={revoke.isPending}>
          Revoke the certificate
        </Button>
      </Group>
    </form>
  );
}

/** The admin's student page: the learner's progress as they see it, and their certificates to revoke. */
export function StudentProgressSection({ userId }: { userId: number }) {
  const progress = useQuery(progressQuery(userId));
  const certificates = useQuery(certificatesQuery(userId));
  return (
    <Stack gap="sm">
      <Title order={2} fz="xl">
        Progress
      </Title>
      <QueryState query={progress} what="the progress">
        {(data) => <ProgressSummary progress={data} />}
      </QueryState>
      <Title order={3} fz="lg">
        Certificates of attendance
      </Title>
      <QueryState query={certificates} what="the certificates">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No certificates yet.</Text>
          ) : (
            <Stack gap="sm">
              {list.map((certificate) => (
                <Paper key={certificate.id} withBorder p="md">
                  <Stack gap="xs">
                    <Group gap="sm" wrap="wrap">
                      <Text fw={600}>
                        {`${formatDate(`${certificate.from}T12:00:00Z`)} to ${formatDate(`${certificate.to}T12:00:00Z`)}: ${certificate.classes} classes, ${hoursOf(certificate.minutes)} hours`}
                      </Text>
                      <Anchor component={Link} to={verifyPath(certificate.code)}>
                        {`Verification page of ${certificate.code}`}
                      </Anchor>
                      {certificate.revoked_at && (
                        <Badge color="red.9" variant="filled">
                          Revoked
                        </Badge>
                      )}
                    </Group>
                    {certificate.revoked_at ? (
                      <Text size="sm">{`Revoked ${formatDate(certificate.revoked_at)}: ${certificate.revoke_reason}`}</Text>
                    ) : (
                      <RevokeForm certificate={certificate} />
                    )}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
