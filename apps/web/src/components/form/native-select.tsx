import { NativeSelect } from '@mantine/core';
import { boundByName } from './bound';

export const FormNativeSelect = boundByName(NativeSelect);
