import { Anchor, Badge, Button, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CLASS_FILE_ACCEPT } from '@tokenly/contract/files';
import type { Material, MaterialTarget } from '@tokenly/contract/materials';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { reportSaveError } from '../../../components/form/report-save-error';
import { FormTextInput } from '../../../components/form/text-input';
import { dialog } from '../../../components/ui/dialog';
import { Panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format';
import {
  attachedMaterialsQuery,
  classMaterialsQuery,
  useAddMaterialLink,
  useRemoveMaterial,
  useUploadMaterial,
} from '../api/materials';
import { materialSize } from '../material-size';

// The Materials section of the teacher's and the administrator's class screens, and of the class type and
// series screens (English, as every staff screen): what is attached, a file upload with its progress, a
// link, and Remove.

const FROM: Record<MaterialTarget, string> = {
  class: 'This class',
  series: 'From the series',
  course: 'From the class type',
};

/** A datetime-local value (the viewer's zone) as an instant; empty: at once. */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : null);

function MaterialRow({ material, removable }: { material: Material; removable: boolean }) {
  const remove = useRemoveMaterial();
  const onRemove = () =>
    remove.mutate(material.id, {
      onSuccess: () => dialog.saved(`${material.title} removed.`),
      onError: (error) => dialog.failure(error, onRemove),
    });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" component="li">
      <Stack gap={2}>
        <Anchor
          href={material.url}
          {...(material.kind === 'file'
            ? { download: true }
            : { target: '_blank', rel: 'noopener noreferrer' })}
        >
          {material.title}
        </Anchor>
        <Text size="sm" c="dimmed">
          {[
            material.kind === 'file' ? materialSize(material.size_bytes ?? 0) : 'Link',
            material.visible_from
              ? `Learners see it from ${formatDateTime(material.visible_from)}`
              : 'Learners see it now',
          ].join(' · ')}
        </Text>
      </Stack>
      <Group gap="xs">
        <Badge variant="filled" color="gray.8">
          {FROM[material.attached_to]}
        </Badge>
        {removable && (
          <Button size="xs" variant="outline" color="red.9" onClick={onRemove} loading={remove.isPending}>
            {`Remove ${material.title}`}
          </Button>
        )}
      </Group>
    </Group>
  );
}

type UploadFields = { title: string; visible_from: string };
type LinkFields = { title: string; url: string; visible_from: string };

function UploadForm({ target, targetId }: { target: MaterialTarget; targetId: number }) {
  const form = useForm<UploadFields>({ defaultValues: { title: '', visible_from: '' } });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadMaterial();
  const onSubmit = form.handleSubmit(async (fields) => {
    setFileError(null);
    if (!file) {
      setFileError('Choose the file to upload.');
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({
        upload: {
          target,
          targetId,
          // The file's own name when no title is given.
          title: fields.title.trim() || file.name.replace(/\.[^.]+$/, ''),
          file,
          visibleFrom: instantOf(fields.visible_from),
        },
        onProgress: setProgress,
      });
      form.reset();
      setFile(null);
      dialog.saved('File uploaded.');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      reportSaveError(error, form.setError, ['title', 'visible_from']);
      setFileError(message);
    } finally {
      setProgress(null);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Upload a file">
      <Stack gap="sm">
        <FileInput
          label="File"
          description="PDF, slides (PPTX, ODP), a document (DOCX, ODT), a picture or audio (MP3, M4A, OGG, WAV)."
          accept={CLASS_FILE_ACCEPT}
          placeholder="Choose a file"
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          value={file}
          onChange={setFile}
          error={fileError}
          required
        />
        <Group grow wrap="wrap" align="flex-start">
          <FormTextInput
            form={form}
            name="title"
            label="File title"
            description="Empty: the file's name."
            maxLength={200}
          />
          <FormTextInput
            form={form}
            name="visible_from"
            label="Learners see it from"
            description="Empty: at once."
            type="datetime-local"
          />
        </Group>
        {progress !== null && (
          <Progress
            value={Math.round(progress * 100)}
            aria-label="Upload progress"
            size="lg"
            striped
            animated
          />
        )}
        <Group>
          <Button type="submit" loading={upload.isPending}>
            Upload file
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LinkForm({ target, targetId }: { target: MaterialTarget; targetId: number }) {
  const form = useForm<LinkFields>({ defaultValues: { title: '', url: '', visible_from: '' } });
  const add = useAddMaterialLink();
  const onSubmit = form.handleSubmit(async (fields) => {
    try {
      await add.mutateAsync({
        target,
        target_id: targetId,
        title: fields.title,
        url: fields.url,
        visible_from: instantOf(fields.visible_from),
      });
      form.reset();
      dialog.saved('Link added.');
    } catch (error) {
      reportSaveError(error, form.setError, ['title', 'url', 'visible_from']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a link">
      <Stack gap="sm">
        <Group grow wrap="wrap" align="flex-start">
          <FormTextInput form={form} name="title" label="Link title" required maxLength={200} />
          <FormTextInput
            form={form}
            name="url"
            label="Address"
            required
            inputMode="url"
            placeholder="https://"
          />
          <FormTextInput
            form={form}
            name="visible_from"
            label="Learners see the link from"
            description="Empty: at once."
            type="datetime-local"
          />
        </Group>
        <Group>
          <Button type="submit" variant="default" loading={add.isPending}>
            Add link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A class's (with what its series and type add), a series' or a class type's materials, with the forms
 * that attach more. Only what is attached here can be removed here.
 */
export function MaterialsManager({ target, targetId }: { target: MaterialTarget; targetId: number }) {
  const headingId = `materials-${useId()}`;
  const materials = useQuery(
    target === 'class' ? classMaterialsQuery(targetId) : attachedMaterialsQuery(target, targetId),
  );
  return (
    <Panel component="section" aria-labelledby={headingId}>
      <Stack gap="md" maw={760}>
        <Title order={2} fz="xl" id={headingId}>
          Materials
        </Title>
        <Text size="sm" c="dimmed">
          {target === 'class'
            ? 'Files and links for the learners booked on this class, from the time you choose.'
            : `Files and links every class of this ${target === 'series' ? 'series' : 'class type'} shows its booked learners.`}
        </Text>
        <QueryState query={materials} what="the materials">
          {(list) =>
            list.length === 0 ? (
              <Text>No materials yet.</Text>
            ) : (
              <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }}>
                {list.map((material) => (
                  <MaterialRow
                    key={material.id}
                    material={material}
                    removable={material.attached_to === target}
                  />
                ))}
              </Stack>
            )
          }
        </QueryState>
        <UploadForm target={target} targetId={targetId} />
        <LinkForm target={target} targetId={targetId} />
      </Stack>
    </Panel>
  );
}
