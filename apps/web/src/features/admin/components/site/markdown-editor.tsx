import { Box, Loader, Tabs, Text, Textarea } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorMessage } from '../../../../lib/api-client';
import { MarkdownHtml } from '../../../marketing/components/markdown-html';
import { previewMarkdown } from '../../api/site';

type Preview = { html: string } | { failed: string } | null;

/**
 * A Markdown text with a Preview tab. The preview is the server's rendering (the same sanitiser that
 * serves visitors), so what the administrator sees is exactly what will be published.
 */
export function MarkdownEditor({
  label,
  description,
  error,
  value,
  textarea,
  maxLength,
  minRows = 10,
}: {
  label: string;
  description?: string;
  error?: string;
  /** The text now (the form's watched value), for the preview. */
  value: string;
  textarea: UseFormRegisterReturn;
  maxLength: number;
  minRows?: number;
}) {
  const [tab, setTab] = useState<string | null>('write');
  const [preview, setPreview] = useState<Preview>(null);
  const id = useId();

  useEffect(() => {
    if (tab !== 'preview') return;
    const controller = new AbortController();
    setPreview(null);
    previewMarkdown(value, controller.signal)
      .then((html) => html !== null && setPreview({ html }))
      .catch((failure) => controller.signal.aborted || setPreview({ failed: errorMessage(failure) }));
    return () => controller.abort();
  }, [tab, value]);

  return (
    <Tabs value={tab} onChange={setTab} keepMounted>
      <Tabs.List aria-label={`${label}: write or preview`}>
        <Tabs.Tab value="write">Write</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="sm">
        <Textarea
          label={label}
          description={
            description ??
            'Markdown: **bold**, *italic*, ## Heading, - list, [link](https://…), ![picture](https://…).'
          }
          autosize
          minRows={minRows}
          maxRows={30}
          maxLength={maxLength}
          error={error}
          {...textarea}
        />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="sm">
        <Box
          id={id}
          aria-live="polite"
          aria-label={`${label} preview`}
          role="region"
          p="md"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, minHeight: 120 }}
        >
          {preview === null ? (
            <Loader size="sm" aria-label="Loading the preview" />
          ) : 'failed' in preview ? (
            <Text c="red.9">{preview.failed}</Text>
          ) : preview.html === '' ? (
            <Text c="dimmed">Nothing to preview yet.</Text>
          ) : (
            <MarkdownHtml html={preview.html} />
          )}
        </Box>
      </Tabs.Panel>
    </Tabs>
  );
}
