import { TextInput, type TextInputProps } from '@mantine/core';
import { boundByName } from './bound';

export const FormTextInput = boundByName<TextInputProps>(TextInput);
