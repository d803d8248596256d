import { Textarea } from '@mantine/core';
import { boundByName } from './bound';

export const FormTextarea = boundByName(Textarea);
