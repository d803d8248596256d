import type { Database } from '../client';
import { homeworkSubmissions, homeworkTasks } from '../schema/homework';

// The demo's homework: on the demo learner's latest class a task still to do, due in three days; on the
// class before it a task the learner answered and the teacher commented on and marked done.

const DAY = 24 * 60 * 60 * 1000;

export async function seedDemoHomework(
  db: Database,
  {
    learnerId,
    teacherId,
    classes,
    now,
  }: { learnerId: number; teacherId: number; classes: { id: number }[]; now: Date },
): Promise<void> {
  const [latest, before] = classes;
  if (!latest || !before) return;
  await db.insert(homeworkTasks).values({
    scheduleId: latest.id,
    authorId: teacherId,
    text: 'Write a short email (80-100 words) inviting a new colleague for coffee. Use two questions and one phrase from class that keeps a conversation going.',
    dueAt: new Date(now.getTime() + 3 * DAY),
    createdAt: new Date(now.getTime() - DAY),
  });
  const [done] = await db
    .insert(homeworkTasks)
    .values({
      scheduleId: before.id,
      authorId: teacherId,
      text: 'Write five sentences about your week, each with a different phrasal verb from class.',
      dueAt: new Date(now.getTime() - 5 * DAY),
      createdAt: new Date(now.getTime() - 8 * DAY),
    })
    .returning({ id: homeworkTasks.id });
  if (!done) return;
  await db.insert(homeworkSubmissions).values({
    taskId: done.id,
    userId: learnerId,
    text: 'On Monday I set up a meeting with my team. On Tuesday I ran into an old friend. On Wednesday I caught up on my emails. On Thursday I looked into a new course. On Friday I finally took up running.',
    submittedAt: new Date(now.getTime() - 6 * DAY),
    comment:
      'Great work: all five are natural. Watch the word order with "look into it" (not "look it into").',
    reviewerId: teacherId,
    reviewedAt: new Date(now.getTime() - 4 * DAY),
    doneAt: new Date(now.getTime() - 4 * DAY),
  });
}
