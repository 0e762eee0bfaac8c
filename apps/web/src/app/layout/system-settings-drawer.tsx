// The System Settings drawer. Worker health, cron jobs and recent jobs come with the jobs API in a
// later issue; until then it says so instead of showing invented health data.
import { Settings } from "lucide-react";
import { Button } from "../../components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "../../components/ui/sheet";

export function SystemSettingsDrawer() {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="System settings">
          <Settings aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>System Settings</SheetTitle>
          <SheetDescription>Worker health, cron jobs, and system information</SheetDescription>
        </SheetHeader>
        <div className="flex-1 space-y-4 overflow-y-auto">
          {["System Information", "Worker Health", "Cron Jobs", "Recent Jobs"].map((section) => (
            <section key={section} className="rounded-md border border-border bg-card p-4">
              <h3 className="text-sm font-semibold">{section}</h3>
              <p className="mt-1 text-sm text-muted-foreground">Not available yet</p>
            </section>
          ))}
        </div>
        <div className="flex justify-end">
          <SheetClose asChild>
            <Button variant="outline">Close</Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
