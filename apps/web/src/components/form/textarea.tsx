import { Textarea, type TextareaProps } from '@mantine/core';
import { boundByName } from './bound';

export const FormTextarea = boundByName<TextareaProps>(Textarea);
