import { Button, type ButtonProps } from '@mantine/core';
import { dialog } from '../../../components/ui/dialog';
import { useJoinClass } from '../api/join-class';

/**
 * Opens a class's video room through the server (which records who joined). The tab is opened at the
 * press, before the server answers, so browsers that block pop-ups opened later still let it through.
 */
export function JoinButton({
  classId,
  label,
  ...props
}: { classId: number | string; label: string } & Omit<ButtonProps, 'children' | 'onClick'>) {
  const join = useJoinClass(classId);
  const open = async () => {
    const tab = window.open('', '_blank');
    try {
      const url = await join.mutateAsync();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch (error) {
      tab?.close();
      dialog.failure(error, () => void open());
    }
  };
  return (
    <Button size="xs" {...props} loading={join.isPending} onClick={() => void open()}>
      {label}
    </Button>
  );
}
