import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { OptionalMailKind } from '@tokenly/contract/mail';
import { DEFAULT_LOCALE } from '@tokenly/i18n/locales';
import { type MailKey, type MailT, type MailTranslator, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import { createContext, Fragment, type ReactNode, useContext } from 'react';

/** The name a new school starts with, until an administrator names it in the school settings. */
export const SCHOOL_NAME = 'Tokenly English';

/** The school's current name, given by `renderMail` to every part of a mail that names the school. */
export const SchoolName = createContext(SCHOOL_NAME);

/** The recipient's language, given by `renderMail`: every word of a mail is theirs (useMailT). */
export const MailLanguage = createContext<MailTranslator>(mailTranslator(DEFAULT_LOCALE));

/** The messages of the mail area in the recipient's language. */
export const useMailT = (): MailT => useContext(MailLanguage).t;

/**
 * Which part of the mail `renderMail` is drawing from the template: its HTML, or its plain text. Each
 * building block below has both forms, so the text part says what the HTML says, and a template uses
 * only these blocks (no HTML element of its own), or its tags would show in the text.
 */
export const MailPart = createContext<'html' | 'text'>('html');

const useTextPart = () => useContext(MailPart) === 'text';

// Text blocks end with a blank line; renderMail trims the last.
const TEXT_BLOCK_END = '\n\n';

// One column at most 560 px wide, body text 16 px and a full-width button: readable on a phone without
// zooming, and the plain-text part (rendered from the same tree) keeps every sentence and link.
const page = { backgroundColor: '#f4f6f8', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 };
const card = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '24px' };
const text = { fontSize: '16px', lineHeight: '24px', color: '#1f2933' };
const button = {
  backgroundColor: '#1c7ed6',
  borderRadius: '6px',
  color: '#ffffff',
  display: 'block',
  fontSize: '16px',
  padding: '12px 16px',
  textAlign: 'center' as const,
  textDecoration: 'none',
};

/** Non-essential mail says why it came and links to the page that turns that kind off. */
export type UnsubscribeNote = { kind: OptionalMailKind; url: string };

/** What the note says the recipient gets, by kind. */
const OPTIONAL_MAIL_KEYS: Record<OptionalMailKind, MailKey> = {
  'class-reminder': 'mail.optional.classReminder',
  'class-starting-soon': 'mail.optional.startingSoon',
  'credits-expiring': 'mail.optional.creditsExpiring',
};

export function MailLayout({
  preview,
  children,
  unsubscribe,
}: {
  preview: string;
  children: ReactNode;
  unsubscribe?: UnsubscribeNote;
}) {
  const school = useContext(SchoolName);
  const { locale, dir, t } = useContext(MailLanguage);
  const why = unsubscribe ? t('mail.unsubscribe', { what: t(OPTIONAL_MAIL_KEYS[unsubscribe.kind]) }) : null;
  if (useTextPart()) {
    return (
      <>
        {school + TEXT_BLOCK_END}
        {children}
        {`— ${school}${TEXT_BLOCK_END}`}
        {unsubscribe ? why + unsubscribe.url + TEXT_BLOCK_END : null}
      </>
    );
  }
  return (
    <Html lang={locale} dir={dir}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Heading as="h1" style={{ ...text, fontSize: '20px' }}>
            {school}
          </Heading>
          {children}
          <Text style={{ ...text, color: '#52606d', fontSize: '14px' }}>— {school}</Text>
          {unsubscribe ? (
            <Text style={{ ...text, color: '#52606d', fontSize: '14px', wordBreak: 'break-all' }}>
              {why}
              <Link href={unsubscribe.url}>{unsubscribe.url}</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  if (useTextPart()) {
    return (
      <>
        {children}
        {TEXT_BLOCK_END}
      </>
    );
  }
  return <Text style={text}>{children}</Text>;
}

/** Words that stand out: bold in the HTML, plain in the text. */
export function Strong({ children }: { children: ReactNode }) {
  return useTextPart() ? children : <strong>{children}</strong>;
}

/** A new line within a paragraph. */
export function LineBreak() {
  return useTextPart() ? '\n' : <br />;
}

/** Text as its writer broke it into lines (a message typed into a form), in both parts. */
export function Lines({ text }: { text: string }) {
  return text.split(/\r?\n/).map((line, index) =>
    index === 0 ? (
      line
    ) : (
      <Fragment key={index}>
        <LineBreak />
        {line}
      </Fragment>
    ),
  );
}

/** A call to action; the link is also written out, for mail apps that show no buttons. */
export function Action({ href, label }: { href: string; label: string }) {
  if (useTextPart()) return `${label}: ${href}${TEXT_BLOCK_END}`;
  return (
    <Section>
      <Button href={href} style={button}>
        {label}
      </Button>
      <Text style={{ ...text, fontSize: '14px', wordBreak: 'break-all' }}>{href}</Text>
    </Section>
  );
}
