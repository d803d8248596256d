import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { optionalMail } from '../optional-mail';
import {
  Action,
  LineBreak,
  MailLayout,
  Paragraph,
  Strong,
  type UnsubscribeNote,
  useMailT,
} from './mail-layout';

export type HomeworkReminderMailProps = {
  name: string;
  classTitle: string;
  /** The due time, already in the recipient's zone, with the zone named. */
  due: string;
  task: string;
  homeworkUrl: string;
  unsubscribe: UnsubscribeNote;
};

export function HomeworkReminderMail(props: HomeworkReminderMailProps) {
  const t = useMailT();
  return (
    <MailLayout
      preview={t('mail.homeworkReminder.subject', { title: props.classTitle })}
      unsubscribe={props.unsubscribe}
    >
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t('mail.homeworkReminder.body', { date: props.due })}</Paragraph>
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.task}
      </Paragraph>
      <Action href={props.homeworkUrl} label={t('mail.homeworkReminder.action')} />
    </MailLayout>
  );
}

/**
 * The reminder of a task a learner has not answered yet; its event names the task and the learner, so
 * it goes once. It is sent with the class reminders' switch, and its one-click link turns that off.
 */
export function homeworkReminderMail(
  to: MailRecipient,
  homework: { taskId: number; classTitle: string; text: string; dueAt: Date },
  context: { appUrl: string; school: CurrentSchoolSettings },
  mailToken: string,
): OutgoingMail {
  return optionalMail(
    to,
    context,
    { token: mailToken, kind: 'class-reminder' },
    { kind: 'homework-reminder', event: homeworkReminderEvent(homework.taskId, to.id) },
    ({ language, time, unsubscribe }) => ({
      subject: language.t('mail.homeworkReminder.subject', { title: homework.classTitle }),
      body: (
        <HomeworkReminderMail
          name={to.name}
          classTitle={homework.classTitle}
          due={time(homework.dueAt)}
          task={homework.text}
          homeworkUrl={`${context.appUrl}/user/homework`}
          unsubscribe={unsubscribe}
        />
      ),
    }),
  );
}

/** The outbox event of a task's reminder to one learner: with kind and address, its idempotency key. */
export const homeworkReminderEvent = (taskId: number, userId: number) => `homework:${taskId}:${userId}`;
