import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { ROUTES } from '../../../config/routes';
import { formatDate, formatDateTime, formatUsd } from '../../../lib/format';
import { useAdminSearch } from '../api/users';
import { paymentStatusWords } from '../utils/payment-status';
import { AdminPage } from './admin-page';

function Results<T>({
  title,
  rows,
  item,
}: {
  title: string;
  rows: T[];
  item: (row: T) => { key: number; content: ReactNode };
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">No {title.toLowerCase()} found.</Text>
        ) : (
          <List listStyleType="none" spacing="xs">
            {rows.map((row) => {
              const { key, content } = item(row);
              return <List.Item key={key}>{content}</List.Item>;
            })}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

/** What the top bar's search found, each result opening its own page. */
export function AdminSearchPage() {
  const q = useSearchParams()[0].get('q')?.trim() ?? '';
  const results = useAdminSearch(q);
  return (
    <AdminPage title="Search">
      {q === '' ? (
        <Text>Type a name, an email, a class title or a payment number in the search box above.</Text>
      ) : (
        <QueryState query={results} what="the search results">
          {(found) => (
            <Stack gap="md">
              <Text>
                Results for <strong>{q}</strong>
              </Text>
              <Results
                title="Students"
                rows={found.students}
                item={(student) => ({
                  key: student.id,
                  content: (
                    <Anchor component={Link} to={ROUTES.adminStudent(student.id)}>
                      {student.name} ({student.email})
                    </Anchor>
                  ),
                })}
              />
              <Results
                title="Classes"
                rows={found.classes}
                item={(schedule) => ({
                  key: schedule.id,
                  content: (
                    <Group gap="xs">
                      <Anchor component={Link} to={ROUTES.adminScheduleEdit(schedule.id)}>
                        {schedule.title} ({schedule.course_title}), {formatDateTime(schedule.schedule_time)}
                      </Anchor>
                      {schedule.status === 'cancelled' && (
                        <Badge color="gray.8" variant="filled">
                          Cancelled
                        </Badge>
                      )}
                    </Group>
                  ),
                })}
              />
              <Results
                title="Payments"
                rows={found.payments}
                item={(payment) => ({
                  key: payment.id,
                  content: (
                    <Anchor
                      component={Link}
                      to={`${ROUTES.adminPaymentList}?${new URLSearchParams({ user_id: String(payment.user.id) })}`}
                    >
                      #{payment.id}: {payment.user.name}, {payment.token_plan.token_title},{' '}
                      {formatUsd(payment.amount)}, {paymentStatusWords(payment)},{' '}
                      {formatDate(payment.created_at)}
                    </Anchor>
                  ),
                })}
              />
            </Stack>
          )}
        </QueryState>
      )}
    </AdminPage>
  );
}
