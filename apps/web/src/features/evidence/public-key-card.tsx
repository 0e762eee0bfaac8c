// The instance's signing key, so that an auditor can verify an export offline with the CLI.
import { Check, Copy, Download, KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { copyToClipboard, saveBlob } from "../../lib/browser";
import { usePublicKey } from "./api/get-public-key";

export function PublicKeyCard() {
  const key = usePublicKey();
  const [copied, setCopied] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden="true" />
          Signing Key
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {key.isPending ? (
          <Skeleton className="h-10" />
        ) : key.isError ? (
          <p className="text-muted-foreground">Unable to load the signing key.</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xs text-muted-foreground">{key.data.algorithm} fingerprint</span>
              <code className="break-all font-mono text-xs">{key.data.fingerprint}</code>
              <Button
                size="sm"
                variant="ghost"
                aria-label="Copy fingerprint"
                onClick={() =>
                  void copyToClipboard(key.data.fingerprint).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? "Copied" : "Copy"}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  saveBlob(new Blob([key.data.publicKeyPem], { type: "application/x-pem-file" }), "key.pem")
                }
              >
                <Download aria-hidden="true" />
                key.pem
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Exports are signed with this key. An auditor checks an export offline with{" "}
              <code className="font-mono text-foreground">rampart verify export.json --key key.pem</code>.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
