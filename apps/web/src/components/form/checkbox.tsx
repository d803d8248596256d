import { Checkbox } from '@mantine/core';
import { boundByName } from './bound';

export const FormCheckbox = boundByName(Checkbox);
