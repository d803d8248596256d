import { Checkbox, type CheckboxProps } from '@mantine/core';
import { boundByName } from './bound';

export const FormCheckbox = boundByName<CheckboxProps>(Checkbox);
