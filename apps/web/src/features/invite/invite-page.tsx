// Accept an invitation (/invite/:token), a public page: the link says which organization, role
// and e-mail it is for. Signed in with that e-mail: accept. Signed out: sign in (when the account
// exists) or register from the link, then join. Signed in as someone else: sign out first.
import type { InvitationPreview } from "@rampart/contracts/members";
import { type FormEvent, useState } from "react";
import { useParams } from "wouter";
import { PublicLayout } from "../../components/public-layout";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { apiSend, serverErrorMessage } from "../../lib/api";
import { useSession } from "../../session/api/get-me";
import { useInvitation } from "./api/get-invitation";
import { type JoinInput, useJoin } from "./api/join";

const ROLE_NAMES = { admin: "an admin", member: "a member", auditor: "an auditor" } as const;

function JoinForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { user } = useSession();
  const join = useJoin(token);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: JoinInput = user
      ? { kind: "accept" }
      : preview.accountExists
        ? { kind: "sign-in", credentials: { email: preview.email, password } }
        : { kind: "register", body: { name: name.trim(), password } };
    join.mutate(input);
  }

  if (user && user.email !== preview.email) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          You are signed in as {user.email}, but this invitation is for {preview.email}. Sign out, then open
          the link again.
        </p>
        <Button
          variant="outline"
          onClick={() =>
            void apiSend<unknown>("POST", "/api/auth/logout").then(() => window.location.reload())
          }
        >
          Sign out
        </Button>
      </div>
    );
  }

  const action = user
    ? "Accept invitation"
    : preview.accountExists
      ? "Sign in and accept"
      : "Create account and accept";
  return (
    <form className="flex flex-col gap-4" onSubmit={submit}>
      {user ? null : (
        <>
          <TextField
            id="invite-email"
            label="Email"
            type="email"
            value={preview.email}
            onChange={() => {}}
            readOnly
          />
          {preview.accountExists ? null : (
            <TextField
              id="invite-name"
              label="Name"
              required
              autoComplete="name"
              value={name}
              onChange={setName}
            />
          )}
          <TextField
            id="invite-password"
            label="Password"
            type="password"
            required
            autoComplete={preview.accountExists ? "current-password" : "new-password"}
            value={password}
            onChange={setPassword}
          />
        </>
      )}
      {join.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(join.error) ?? "The invitation could not be accepted. Please try again."}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={join.isPending}>
        {join.isPending ? "Joining..." : action}
      </Button>
    </form>
  );
}

export function InvitePage() {
  const params = useParams<{ token: string }>();
  const invitation = useInvitation(params.token);
  const { isLoading } = useSession();

  return (
    <PublicLayout>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Invitation</h1>
          {invitation.isSuccess ? (
            <CardDescription>
              Join {invitation.data.tenantName} on Rampart as {ROLE_NAMES[invitation.data.role]}. This
              invitation is for {invitation.data.email}.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {invitation.isPending || isLoading ? <Spinner label="Loading the invitation" /> : null}
          {invitation.isError ? (
            <p role="alert" className="text-sm text-danger">
              {serverErrorMessage(invitation.error) ?? "This invitation link is not valid."}
            </p>
          ) : null}
          {invitation.isSuccess && !isLoading ? (
            <JoinForm token={params.token} preview={invitation.data} />
          ) : null}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
