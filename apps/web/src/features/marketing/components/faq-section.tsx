import { Accordion } from '@mantine/core';
import type { MessageKey } from '@tokenly/i18n/keys';
import { Section } from '../../../components/ui/section';
import { FAQ_HASH } from '../../../config/routes';
import { useT } from '../../../lib/i18n';

const FAQS: { id: string; q: MessageKey; a: MessageKey }[] = [
  { id: 'token', q: 'marketing.faq.token.question', a: 'marketing.faq.token.answer' },
  { id: 'booking', q: 'marketing.faq.booking.question', a: 'marketing.faq.booking.answer' },
  { id: 'expiry', q: 'marketing.faq.expiry.question', a: 'marketing.faq.expiry.answer' },
  { id: 'group-size', q: 'marketing.faq.groupSize.question', a: 'marketing.faq.groupSize.answer' },
  { id: 'level', q: 'marketing.faq.level.question', a: 'marketing.faq.level.answer' },
  {
    id: 'cancel-membership',
    q: 'marketing.faq.cancelMembership.question',
    a: 'marketing.faq.cancelMembership.answer',
  },
];

/** Target of the mobile menu's FAQ entry. */
export function FaqSection() {
  const t = useT();
  return (
    <Section id={FAQ_HASH} eyebrow={t('marketing.faq.eyebrow')} title={t('marketing.faq.title')}>
      <Accordion variant="separated" radius="md" maw={860} order={3}>
        {FAQS.map((item) => (
          // The value becomes the control's and the panel's id, so a slug rather than the question.
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{t(item.q)}</Accordion.Control>
            <Accordion.Panel>{t(item.a)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Section>
  );
}
