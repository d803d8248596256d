import {
  Alert,
  Anchor,
  Blockquote,
  Button,
  Container,
  Group,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLACEMENT_MINUTES, type PlacementState } from '@tokenly/contract/placement';
import { useState } from 'react';
import { Link } from 'react-router';
import { Panel } from '../../../components/ui/panel';
import { ROUTES } from '../../../config/routes';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { isLearner, useSession } from '../../../lib/session';
import { answerPlacement, getPlacement, startPlacement } from '../api/placement';
import { LEVEL_DESCRIPTIONS, LEVEL_NAMES } from '../level-labels';
import { placementTokenStore } from '../placement-token';

const SKILLS = {
  grammar: 'timetable.placement.skill.grammar',
  vocabulary: 'timetable.placement.skill.vocabulary',
  reading: 'timetable.placement.skill.reading',
} as const;

/** One question: its passage, the question as the legend of its choices, and Next. */
function Question({
  state,
  onAnswered,
}: {
  state: PlacementState;
  onAnswered: (next: PlacementState) => void;
}) {
  const t = useT();
  const question = state.question;
  const [choice, setChoice] = useState<string | null>(null);
  const answer = useMutation({
    mutationFn: (value: number) =>
      answerPlacement(state.token, { number: question?.number ?? 0, answer: value }),
    onSuccess: (next) => {
      setChoice(null);
      onAnswered(next);
    },
  });
  if (!question) return null;
  return (
    <Panel>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (choice !== null) answer.mutate(Number(choice));
        }}
      >
        <Stack gap="md">
          <Text c="dimmed" size="sm" aria-live="polite">
            {t('timetable.placement.progress', { number: question.number, max: state.max_questions })} ·{' '}
            {t(SKILLS[question.skill])}
          </Text>
          {question.passage && (
            <Blockquote lang="en" p="md" color="gray">
              {question.passage}
            </Blockquote>
          )}
          <Radio.Group
            key={question.number}
            label={
              <span lang="en" data-testid="placement-question">
                {question.question}
              </span>
            }
            value={choice}
            onChange={setChoice}
            size="md"
          >
            <Stack gap="xs" mt="xs" lang="en">
              {question.options.map((option, index) => (
                <Radio key={option} value={String(index)} label={option} />
              ))}
            </Stack>
          </Radio.Group>
          {answer.isError && (
            <Alert color="red" role="alert">
              {errorMessage(answer.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={choice === null} loading={answer.isPending}>
              {t('timetable.placement.next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
  );
}

/** The level, what a learner at it can do, and where to go next. */
function Result({ state, onRetake }: { state: PlacementState; onRetake: () => void }) {
  const t = useT();
  const learner = isLearner(useSession());
  const result = state.result;
  if (!result) return null;
  return (
    <Panel>
      <Stack gap="md">
        <Title order={2}>{t('timetable.placement.result', { level: t(LEVEL_NAMES[result.level]) })}</Title>
        <Text>{t(LEVEL_DESCRIPTIONS[result.level])}</Text>
        <Text size="sm" c="dimmed">
          {result.recorded
            ? t('timetable.placement.recorded')
            : learner
              ? t('timetable.placement.notRecorded')
              : t('timetable.placement.signUpToKeep')}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={`${ROUTES.timetable}?level=${result.level}`}>
            {t('timetable.placement.classes', { level: result.level })}
          </Button>
          {!learner && (
            <Button component={Link} to={ROUTES.SignupForm} variant="default">
              {t('timetable.placement.signUp')}
            </Button>
          )}
          {!learner && (
            <Button variant="subtle" onClick={onRetake}>
              {t('timetable.placement.again')}
            </Button>
          )}
        </Group>
      </Stack>
    </Panel>
  );
}

/**
 * /placement-test: the adaptive test, open to visitors and learners. The server keeps the test and
 * scores every answer; this page only shows the question it is given, and the result. A visitor's
 * token stays in the browser, so a reload resumes and sign-up records the result.
 */
export function PlacementPage() {
  const t = useT();
  usePageTitle(t('timetable.placement.title'));
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => placementTokenStore.get());
  const saved = useQuery({
    queryKey: ['placement', token],
    queryFn: () => getPlacement(token ?? ''),
    enabled: token !== null,
    retry: false,
  });
  const start = useMutation({
    mutationFn: startPlacement,
    onSuccess: (state) => {
      placementTokenStore.save(state.token);
      queryClient.setQueryData(['placement', state.token], state);
      setToken(state.token);
    },
  });
  const restart = () => {
    placementTokenStore.clear();
    setToken(null);
  };
  const state = token !== null && saved.isSuccess ? saved.data : null;

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('timetable.placement.title')}</Title>
          <Text c="dimmed">{t('timetable.placement.intro', { minutes: PLACEMENT_MINUTES })}</Text>
        </div>
        {state?.question && (
          <Question
            state={state}
            onAnswered={(next) => queryClient.setQueryData(['placement', next.token], next)}
          />
        )}
        {state?.result && <Result state={state} onRetake={restart} />}
        {!state && (token === null || saved.isError) && (
          <Stack gap="sm" align="flex-start">
            <Text>{t('timetable.placement.howItWorks')}</Text>
            {start.isError && (
              <Alert color="orange" role="alert" c="dark.8">
                {errorMessage(start.error)}
              </Alert>
            )}
            <Button onClick={() => start.mutate()} loading={start.isPending}>
              {t('timetable.placement.start')}
            </Button>
            <Anchor component={Link} to={ROUTES.timetable} size="sm">
              {t('timetable.placement.skip')}
            </Anchor>
          </Stack>
        )}
        {token !== null && saved.isPending && <Text aria-live="polite">{t('timetable.loading')}</Text>}
      </Stack>
    </Container>
  );
}
