import { Accordion } from '@mantine/core';
import { Section } from '../../../components/ui/section';
import { FAQ_HASH } from '../../../config/routes';
import { useT } from '../../../lib/i18n';
import { useSiteContent } from '../api/get-site-content';
import { MarkdownHtml } from './markdown-html';

/** The school's published questions, in its order. Target of the mobile menu's FAQ entry. */
export function FaqSection() {
  const t = useT();
  const faq = useSiteContent().data?.faq ?? [];
  return (
    <Section id={FAQ_HASH} eyebrow={t('marketing.faq.eyebrow')} title={t('marketing.faq.title')}>
      <Accordion variant="separated" radius="md" maw={860} order={3}>
        {faq.map((item, index) => (
          // The value becomes the control's and the panel's id: the question's place, not its words.
          <Accordion.Item key={item.question} value={`faq-${index + 1}`}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <MarkdownHtml html={item.answer_html} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Section>
  );
}
