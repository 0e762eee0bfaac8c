// The spec's 'Delete Tenant' closes the organization: it leaves every list and nothing in it can
// be changed, while its evidence ledger and checkpoints stay verifiable. Erasing it for good is a
// separate button of the same dialog. Both ask first: the organization's name must be typed.
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
import { useEraseTenant } from "./api/erase-tenant";

export function DeleteTenantDialog({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  return (
    <ItemDialog item={tenant} onClose={onClose}>
      {(item) => <DeleteTenantForm tenant={item} onDone={onClose} />}
    </ItemDialog>
  );
}

function DeleteTenantForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const deleteTenant = useDeleteTenant();
  const eraseTenant = useEraseTenant();
  const pending = deleteTenant.isPending || eraseTenant.isPending;
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
          Deleting closes the organization: it disappears from every list and nothing in it can be changed,
          while its evidence ledger and checkpoints are kept and stay verifiable. Erasing permanently removes
          every repository, policy run, finding and evidence record it holds; only a signed record of the
          erasure remains. Erasing cannot be undone.
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
        <Button
          type="button"
          variant="outline"
          className="text-danger"
          disabled={!confirmed || pending}
          onClick={() =>
            eraseTenant.mutate({ tenantId: tenant.id, confirmName: tenant.name }, { onSettled: onDone })
          }
        >
          {eraseTenant.isPending ? "Erasing..." : "Erase permanently"}
        </Button>
        <Button type="submit" variant="destructive" disabled={!confirmed || pending}>
          {deleteTenant.isPending ? "Deleting..." : "Delete Tenant"}
        </Button>
      </DialogFooter>
    </form>
  );
}
