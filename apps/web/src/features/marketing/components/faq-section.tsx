import { Accordion } from '@mantine/core';
import { Section } from '../../../components/ui/section';
import { FAQ_HASH } from '../../../config/routes';

const FAQS = [
  {
    id: 'token',
    q: 'What is a token?',
    a: 'A token is a prepaid class credit. A regular group class costs 1 token and a reduced-group class costs 2. You buy tokens in packages or get them every period with a membership.',
  },
  {
    id: 'booking',
    q: 'How do I book a class?',
    a: 'Open the booking calendar, pick a day and choose a class with free seats. The tokens are taken from your balance as soon as the booking is confirmed.',
  },
  {
    id: 'expiry',
    q: 'Do tokens expire?',
    a: 'Yes. Each package and membership states how many days its tokens stay valid. We always spend the tokens that expire first.',
  },
  {
    id: 'group-size',
    q: 'How big are the groups?',
    a: 'Core Flex classes have at most 8 learners and Core Flex Plus classes at most 4, so everyone gets time to speak.',
  },
  {
    id: 'level',
    q: 'Which level should I choose?',
    a: 'Pick the level that feels closest when you sign up. Your teacher will tell you after the first classes if another level suits you better.',
  },
  {
    id: 'cancel-membership',
    q: 'Can I cancel my membership?',
    a: 'Yes, at any time. Your membership simply stops renewing at the end of the period you have paid for, and your tokens stay valid until they expire.',
  },
];

/** Target of the mobile menu's FAQ entry. */
export function FaqSection() {
  return (
    <Section id={FAQ_HASH} eyebrow="FAQ" title="Frequently asked questions">
      <Accordion variant="separated" radius="md" maw={860} order={3}>
        {FAQS.map((item) => (
          // The value becomes the control's and the panel's id, so a slug rather than the question.
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.q}</Accordion.Control>
            <Accordion.Panel>{item.a}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Section>
  );
}
