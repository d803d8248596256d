import { TextInput } from '@mantine/core';
import { boundByName } from './bound';

export const FormTextInput = boundByName(TextInput);
