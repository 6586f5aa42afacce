import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { NoticeContent } from '@/features/notices/templates';

export interface MailLook {
  siteName: string;
  siteUrl: string;
  copyright: string;
  colors: {
    primary: string;
    tertiary: string;
    textMain: string;
    textSecondary: string;
    backgroundSub: string;
  };
}

/**
 * Every notice's HTML mail: the site's name and colours around the template's paragraphs. Text is passed to React
 * as text, so staff's words are escaped whatever they contain. `unsubscribeUrl`: optional mails only.
 */
export function NoticeMail(props: { look: MailLook; content: NoticeContent; unsubscribeUrl: string | null }) {
  const { look, content, unsubscribeUrl } = props;
  const { colors } = look;
  return (
    <Html lang="ja">
      <Head />
      <Preview>{content.paragraphs[0] ?? content.subject}</Preview>
      <Body
        style={{ backgroundColor: colors.backgroundSub, color: colors.textMain, fontFamily: 'sans-serif' }}
      >
        <Container style={{ backgroundColor: '#ffffff', maxWidth: 560, padding: 24 }}>
          <Section style={{ borderBottom: `4px solid ${colors.primary}`, paddingBottom: 12 }}>
            <Link href={look.siteUrl} style={{ color: colors.tertiary, fontWeight: 700, fontSize: 16 }}>
              {look.siteName}
            </Link>
          </Section>
          <Heading as="h1" style={{ fontSize: 20, marginTop: 24 }}>
            {content.subject}
          </Heading>
          {content.paragraphs.map((paragraph, index) => (
            <Text key={index} style={{ fontSize: 15, lineHeight: '1.8', whiteSpace: 'pre-wrap' }}>
              {paragraph}
            </Text>
          ))}
          {content.action && (
            <Button
              href={new URL(content.action.path, look.siteUrl).toString()}
              style={{
                backgroundColor: colors.primary,
                borderRadius: 6,
                color: colors.textMain,
                fontWeight: 700,
                padding: '12px 20px',
              }}
            >
              {content.action.label}
            </Button>
          )}
          <Hr style={{ marginTop: 32 }} />
          <Text style={{ color: colors.textSecondary, fontSize: 12 }}>
            このメールは{look.siteName}から会員の皆さまにお送りしています。
            {unsubscribeUrl && (
              <>
                {' '}
                <Link
                  href={unsubscribeUrl}
                  style={{ color: colors.textSecondary, textDecoration: 'underline' }}
                >
                  今後このお知らせをメールで受け取らない
                </Link>
              </>
            )}
          </Text>
          <Text style={{ color: colors.textSecondary, fontSize: 12 }}>{look.copyright}</Text>
        </Container>
      </Body>
    </Html>
  );
}
