import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { homeworkRoutes } from './homework.routes';
import { createHomeworkService, type HomeworkOptions } from './homework-service';

/** Homework of a class (docs/homework.md): tasks, learners' answers, the teacher's review, reminders. */
export function homeworkModule(db: Database, { jobs, ...options }: HomeworkOptions & { jobs: JobQueue }) {
  const homework = createHomeworkService(db, options);
  for (const job of homework.jobs) jobs.define(job);
  const routes: ModuleRoutes = async (api) => {
    await api.register(homeworkRoutes, { homework });
  };
  return { routes, service: homework };
}
