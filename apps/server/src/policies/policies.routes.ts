// Starter templates (any signed-in user: they are the product's, not a tenant's) and a tenant's
// policies: read by whoever reads evidence (auditors included), written by admins and members,
// approved by admins, acknowledged by admins and members. Markdown is stored and served as text,
// never rendered here.
import { ErrorBody } from "@rampart/contracts/common";
import {
  CreatePolicyBody,
  CreatePolicyVersionBody,
  PolicyAcknowledgement,
  PolicyDetail,
  PolicyList,
  PolicyParams,
  PolicyTemplateDetail,
  PolicyTemplateList,
  PolicyTemplateParams,
  PolicyVersion,
  PolicyVersionParams,
  UpdatePolicyBody,
} from "@rampart/contracts/policies";
import { TenantParams } from "@rampart/contracts/tenants";
import { getPolicyTemplate, listPolicyTemplates } from "@rampart/policy";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { PoliciesService } from "./policies.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function registerPolicyRoutes(
  app: App,
  deps: { policies: PoliciesService; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  const { policies, access } = deps;
  const guarded = { onRequest: deps.authenticate };
  const caller = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, email: user.email };
  };

  app.get(
    "/api/policy-templates",
    { ...guarded, schema: { tags: ["policies"], response: { 200: PolicyTemplateList, 401: ErrorBody } } },
    () =>
      listPolicyTemplates().map((template) => ({
        key: template.key,
        title: template.title,
        description: template.description,
        controls: [...template.controls],
      })),
  );

  app.get(
    "/api/policy-templates/:templateKey",
    {
      ...guarded,
      schema: {
        tags: ["policies"],
        params: PolicyTemplateParams,
        response: { 200: PolicyTemplateDetail, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    (request) => {
      const template = getPolicyTemplate(request.params.templateKey);
      if (!template) throw notFound("Policy template not found");
      return { ...template, controls: [...template.controls] };
    },
  );

  app.get(
    "/api/tenants/:tenantId/policies",
    {
      ...guarded,
      schema: { tags: ["policies"], params: TenantParams, response: { 200: PolicyList, ...errors } },
    },
    async (request) => {
      const user = caller(request);
      await access.require(request.params.tenantId, user.id, "evidence");
      return policies.list(request.params.tenantId, user);
    },
  );

  app.post(
    "/api/tenants/:tenantId/policies",
    {
      ...guarded,
      config: { audit: { action: "policy.create" } },
      schema: {
        tags: ["policies"],
        params: TenantParams,
        body: CreatePolicyBody,
        response: { 201: PolicyDetail, ...errors },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      await access.require(request.params.tenantId, user.id, "write");
      return reply.status(201).send(await policies.create(request.params.tenantId, user, request.body));
    },
  );

  app.get(
    "/api/tenants/:tenantId/policies/:policyId",
    {
      ...guarded,
      schema: { tags: ["policies"], params: PolicyParams, response: { 200: PolicyDetail, ...errors } },
    },
    async (request) => {
      const user = caller(request);
      await access.require(request.params.tenantId, user.id, "evidence");
      return policies.get(request.params.tenantId, request.params.policyId, user);
    },
  );

  app.patch(
    "/api/tenants/:tenantId/policies/:policyId",
    {
      ...guarded,
      config: { audit: { action: "policy.update" } },
      schema: {
        tags: ["policies"],
        params: PolicyParams,
        body: UpdatePolicyBody,
        response: { 200: PolicyDetail, ...errors },
      },
    },
    async (request) => {
      const user = caller(request);
      await access.require(request.params.tenantId, user.id, "write");
      return policies.update(request.params.tenantId, request.params.policyId, request.body, user);
    },
  );

  app.post(
    "/api/tenants/:tenantId/policies/:policyId/versions",
    {
      ...guarded,
      config: { audit: { action: "policy.version.create" } },
      schema: {
        tags: ["policies"],
        params: PolicyParams,
        body: CreatePolicyVersionBody,
        response: { 201: PolicyVersion, ...errors },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      await access.require(request.params.tenantId, user.id, "write");
      const { tenantId, policyId } = request.params;
      return reply.status(201).send(await policies.addVersion(tenantId, policyId, request.body.body, user));
    },
  );

  app.post(
    "/api/tenants/:tenantId/policies/:policyId/versions/:version/approve",
    {
      ...guarded,
      config: { audit: { action: "policy.version.approve" } },
      schema: {
        tags: ["policies"],
        params: PolicyVersionParams,
        response: { 200: PolicyVersion, ...errors },
      },
    },
    async (request) => {
      const user = caller(request);
      await access.require(request.params.tenantId, user.id, "admin");
      const { tenantId, policyId, version } = request.params;
      return policies.approve(tenantId, policyId, version, user);
    },
  );

  app.post(
    "/api/tenants/:tenantId/policies/:policyId/versions/:version/acknowledge",
    {
      ...guarded,
      config: { audit: { action: "policy.version.acknowledge" } },
      schema: {
        tags: ["policies"],
        params: PolicyVersionParams,
        response: { 200: PolicyAcknowledgement, 201: PolicyAcknowledgement, ...errors },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      // `write`: admins and members acknowledge; auditors read policies but are not bound by them.
      await access.require(request.params.tenantId, user.id, "write");
      const { tenantId, policyId, version } = request.params;
      const { created, acknowledgement } = await policies.acknowledge(tenantId, policyId, version, user);
      return reply.status(created ? 201 : 200).send(acknowledgement);
    },
  );
}
