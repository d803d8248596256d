import { Anchor, FileInput, List, Text } from '@mantine/core';
import { CLASS_FILE_ACCEPT } from '@tokenly/contract/files';
import type { HomeworkFile } from '@tokenly/contract/homework';
import { useState } from 'react';
import { dialog } from '../../../components/ui/dialog';

/** A task's or an answer's files, each a download under its name. */
export function HomeworkFiles({ files }: { files: HomeworkFile[] }) {
  if (files.length === 0) return null;
  return (
    <List size="sm" spacing={4}>
      {files.map((file) => (
        <List.Item key={file.id}>
          <Anchor href={file.url} download={file.name}>
            {file.name}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {`(${Math.max(1, Math.round(file.size_bytes / 1024))} KB)`}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** A file picker that uploads the chosen file at once, and is ready for the next one after. */
export function AttachFile({
  label,
  attached,
  attach,
}: {
  label: string;
  /** What the notice says once the file is kept. */
  attached: string;
  attach: (file: File) => Promise<unknown>;
}) {
  const [sending, setSending] = useState(false);
  // A new input after each upload, so the same file can be chosen again and the field is empty.
  const [round, setRound] = useState(0);
  const send = async (file: File | null) => {
    if (!file) return;
    setSending(true);
    try {
      await attach(file);
      dialog.saved(attached);
    } catch (error) {
      dialog.failure(error, () => void send(file));
    } finally {
      setSending(false);
      setRound((value) => value + 1);
    }
  };
  return (
    <FileInput
      key={round}
      label={label}
      accept={CLASS_FILE_ACCEPT}
      disabled={sending}
      onChange={(file) => void send(file)}
      clearable={false}
    />
  );
}
