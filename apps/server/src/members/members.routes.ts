// Members of a tenant (list, change role, remove, leave), invitations (create, list, withdraw)
// and the invitation link (preview, accept when signed in, register from it). Only admins manage
// members; everyone but auditors sees who the members are; anyone may leave but the last admin.

import type { LoginBody } from "@rampart/contracts/auth";
import { ErrorBody, Ok } from "@rampart/contracts/common";
import {
  AcceptedInvitation,
  ChangeRoleBody,
  CreatedInvitation,
  Invitation,
  InvitationList,
  InvitationParams,
  InvitationPreview,
  InvitationTokenParams,
  InviteBody,
  Member,
  MemberList,
  MemberParams,
  RegisterFromInvitationBody,
} from "@rampart/contracts/members";
import { TenantParams } from "@rampart/contracts/tenants";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { noteActor, noteTenant } from "../audit/audit-context.ts";
import type { AuthService } from "../auth/auth.service.ts";
import { currentUser, setSessionCookie } from "../auth/authenticate.ts";
import { forbidden } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { MembersService } from "./members.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Where the browser reached us, for links when PUBLIC_URL is not configured. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function registerMemberRoutes(
  app: App,
  deps: {
    members: MembersService;
    access: TenantAccessService;
    auth: AuthService;
    authenticate: onRequestAsyncHookHandler;
    rateLimitPerMinute: number;
  },
) {
  const { members, access } = deps;
  const guarded = { onRequest: deps.authenticate };
  const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: "1 minute" };

  app.get(
    "/api/tenants/:tenantId/members",
    {
      ...guarded,
      schema: { tags: ["members"], params: TenantParams, response: { 200: MemberList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "read");
      return members.listMembers(request.params.tenantId);
    },
  );

  app.patch(
    "/api/tenants/:tenantId/members/:userId",
    {
      ...guarded,
      schema: {
        tags: ["members"],
        params: MemberParams,
        body: ChangeRoleBody,
        response: { 200: Member, ...errors },
      },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "admin");
      return members.changeRole(request.params.tenantId, request.params.userId, request.body.role);
    },
  );

  app.delete(
    "/api/tenants/:tenantId/members/:userId",
    { ...guarded, schema: { tags: ["members"], params: MemberParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "admin");
      await members.remove(request.params.tenantId, request.params.userId);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/tenants/:tenantId/leave",
    { ...guarded, schema: { tags: ["members"], params: TenantParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      const user = currentUser(request);
      // Auditors and members of a closed tenant may leave too: leaving changes nothing of its data.
      const { role } = await access.require(request.params.tenantId, user.id, "tenant");
      if (role === null) throw forbidden("You are not a member of this organization");
      await members.remove(request.params.tenantId, user.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/tenants/:tenantId/invitations",
    {
      ...guarded,
      schema: { tags: ["members"], params: TenantParams, response: { 200: InvitationList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "admin");
      return members.listInvitations(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/invitations",
    {
      ...guarded,
      schema: {
        tags: ["members"],
        params: TenantParams,
        body: InviteBody,
        response: { 201: CreatedInvitation, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { tenant } = await access.require(request.params.tenantId, user.id, "admin");
      const created = await members.invite(tenant, user, request.body, originOf(request));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/tenants/:tenantId/invitations/:invitationId",
    {
      ...guarded,
      schema: { tags: ["members"], params: InvitationParams, response: { 200: Invitation, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "admin");
      return members.revokeInvitation(request.params.tenantId, request.params.invitationId);
    },
  );

  app.get(
    "/api/invitations/:token",
    {
      // The link is a secret and the answer names the organization and the invited e-mail: never
      // cached, refusals included (set before validation runs).
      onRequest: async (_request, reply) => {
        reply.header("cache-control", "no-store");
      },
      config: { rateLimit },
      schema: {
        tags: ["members"],
        params: InvitationTokenParams,
        response: { 200: InvitationPreview, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    (request) => members.preview(request.params.token),
  );

  app.post(
    "/api/invitations/:token/accept",
    {
      ...guarded,
      config: { rateLimit },
      schema: {
        tags: ["members"],
        params: InvitationTokenParams,
        response: { 200: AcceptedInvitation, 429: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const accepted = await members.accept(request.params.token, currentUser(request));
      noteTenant(accepted.tenantId);
      return accepted;
    },
  );

  app.post(
    "/api/invitations/:token/register",
    {
      config: { rateLimit },
      schema: {
        tags: ["members"],
        params: InvitationTokenParams,
        body: RegisterFromInvitationBody,
        response: { 201: AcceptedInvitation, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const joined = await members.register(request.params.token, request.body);
      noteTenant(joined.tenantId);
      noteActor({ id: joined.userId, email: joined.email });
      // Signs the new account in the ordinary way, so every sign-in rule applies to it too.
      const login: LoginBody = { email: joined.email, password: request.body.password };
      const { token, expiresAt } = await deps.auth.login(login);
      setSessionCookie(request, reply, token, expiresAt);
      return reply.status(201).send({ tenantId: joined.tenantId, role: joined.role });
    },
  );
}
