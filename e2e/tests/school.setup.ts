import { setLevelRule, test } from '../fixtures';

// Before every other spec: the school books any class for any learner (see setLevelRule).
test('the school books classes whatever the learner level', async ({ request }) => {
  await setLevelRule(request, 'off');
});
