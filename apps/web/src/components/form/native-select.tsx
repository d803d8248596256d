import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { boundByName } from './bound';

export const FormNativeSelect = boundByName<NativeSelectProps>(NativeSelect);
