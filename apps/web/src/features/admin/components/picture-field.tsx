import { FileInput, Group, Image, Loader, Stack } from '@mantine/core';
import { SITE_IMAGE_MAX_BYTES } from '@tokenly/contract/constants';
import { useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { FormTextInput } from '../../../components/form/text-input';
import { errorMessage } from '../../../lib/api-client';
import { uploadSitePicture } from '../api/site';

const MAX_MB = SITE_IMAGE_MAX_BYTES / 1024 / 1024;

/** The file's bytes as base64, as the upload call takes them. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * A picture's address (an https address elsewhere) with the way to upload one instead: the server
 * resizes the file and the field takes its address. A preview shows what the field holds.
 */
export function PictureField<T extends FieldValues, N extends Path<T>>({
  form,
  name,
  label,
  description,
}: {
  form: UseFormReturn<T>;
  name: N;
  label: string;
  description: string;
}) {
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const address = form.watch(name);

  const upload = async (file: File | null) => {
    setFailure(null);
    if (!file) return;
    if (file.size > SITE_IMAGE_MAX_BYTES) {
      setFailure(`The picture must be at most ${MAX_MB} MB.`);
      return;
    }
    setUploading(true);
    try {
      const { data } = await uploadSitePicture(await base64Of(file));
      form.setValue(name, data.url as PathValue<T, N>, { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="xs">
      <FormTextInput
        form={form}
        name={name}
        label={label}
        description={`${description} An https address, or upload a picture below.`}
        inputMode="url"
        placeholder="https://"
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput
          label={`Upload a picture for ${label.toLowerCase()}`}
          description={`JPEG, PNG, WebP, GIF or AVIF, up to ${MAX_MB} MB; stored at most 1600 px a side.`}
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          // The button's own words (an empty one has no name of its own), dark enough to read.
          placeholder="Choose a picture file"
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          onChange={upload}
          disabled={uploading}
          rightSection={uploading ? <Loader size="xs" aria-label="Uploading the picture" /> : null}
          error={failure}
          style={{ flex: '1 1 16rem' }}
        />
        {typeof address === 'string' && address !== '' ? (
          <Image
            src={address}
            alt={`Preview of ${label.toLowerCase()}`}
            h={64}
            w="auto"
            fit="contain"
            radius="sm"
          />
        ) : null}
      </Group>
    </Stack>
  );
}
