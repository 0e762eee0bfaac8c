// A dialog about one item (a finding to dismiss, a vulnerability to triage): open while the item is
// set, with a form made afresh for each item so that its state never carries over.
import { Fragment, type ReactNode } from "react";
import { Dialog, DialogContent } from "./ui/dialog";

export function ItemDialog<T extends { id: string }>({
  item,
  onClose,
  children,
}: {
  item: T | null;
  onClose: () => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {item ? (
        <DialogContent className="max-w-md">
          <Fragment key={item.id}>{children(item)}</Fragment>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
