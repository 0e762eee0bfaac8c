// Any path the route table does not know, including /privacy and /terms (spec part 1, §2).
import { Compass } from "lucide-react";
import { Link } from "wouter";
import { BrandLogo } from "../components/brand-logo";
import { Button } from "../components/ui/button";

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 p-6 text-center">
      <Link href="/" aria-label="Rampart home">
        <BrandLogo />
      </Link>
      <div className="max-w-md rounded-lg border border-border bg-card p-8">
        <Compass className="mx-auto mb-4 size-10 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-semibold">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          The page you asked for does not exist or has moved.
        </p>
        <Button asChild className="mt-6">
          <Link href="/">Back to home</Link>
        </Button>
      </div>
    </main>
  );
}
