// Deleting an organization deletes every repository, run, finding and evidence record it holds,
// so the spec's one-click 'Delete Tenant' asks first: the organization's name must be typed.
import type { Tenant } from "@rampart/contracts/tenants";
import { type FormEvent, useId, useState } from "react";
import { ItemDialog } from "../../components/item-dialog";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { useDeleteTenant } from "./api/delete-tenant";

export function DeleteTenantDialog({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  return (
    <ItemDialog item={tenant} onClose={onClose}>
      {(item) => <DeleteTenantForm tenant={item} onDone={onClose} />}
    </ItemDialog>
  );
}

function DeleteTenantForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const deleteTenant = useDeleteTenant();
  const [typed, setTyped] = useState("");
  const nameId = useId();
  const confirmed = typed.trim() === tenant.name;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirmed) deleteTenant.mutate(tenant.id, { onSettled: onDone });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Delete {tenant.name}?</DialogTitle>
        <DialogDescription>
          This deletes the organization with every repository, policy run, finding and evidence record it
          holds. It cannot be undone.
        </DialogDescription>
      </DialogHeader>
      <TextField
        id={nameId}
        label="Type the organization's name to confirm"
        value={typed}
        onChange={setTyped}
        autoComplete="off"
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={!confirmed || deleteTenant.isPending}>
          {deleteTenant.isPending ? "Deleting..." : "Delete Tenant"}
        </Button>
      </DialogFooter>
    </form>
  );
}
