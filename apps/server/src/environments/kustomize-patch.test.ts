// Apply config for Kubernetes writes patches into the target overlay; the engine's own Kustomize
// evaluation of the patched overlay must then hold the source's settings.
import { declaredKubernetes } from "@rampart/engine/drift/index";
import { describe, expect, it } from "vitest";
import { nameAffixes, overlayPatch } from "./kustomize-patch.ts";

const BASE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: shop/web:1.0
          securityContext:
            readOnlyRootFilesystem: false
        - name: sidecar
          image: envoy:1.29
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: { app: web }
  ports:
    - name: http
      port: 80
`;

const OVERLAY = (name: string, extra = "") => `# ${name}: the base with its own namespace and prefix
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: shop-${name}
namePrefix: ${name}-
resources:
  - ../../base
${extra}`;

const PROD_REPLICAS = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  template:
    spec:
      containers:
        - name: web
          securityContext:
            readOnlyRootFilesystem: true
`;

function repository(extraStaging = "") {
  return new Map([
    ["k8s/base/kustomization.yaml", "resources:\n  - app.yaml\n"],
    ["k8s/base/app.yaml", BASE],
    ["k8s/overlays/prod/kustomization.yaml", OVERLAY("prod", "patches:\n  - path: replicas.yaml\n")],
    ["k8s/overlays/prod/replicas.yaml", PROD_REPLICAS],
    ["k8s/overlays/staging/kustomization.yaml", OVERLAY("staging", extraStaging)],
  ]);
}

type State = ReturnType<typeof declaredKubernetes>;
const deployment = (state: State) => state.resources.find((r) => r.type === "apps/v1/Deployment")?.attributes;
const service = (state: State) => state.resources.find((r) => r.type === "v1/Service")?.attributes;

describe("overlayPatch", () => {
  it("patches the target overlay so that the engine's evaluation of it has the source's settings", () => {
    const files = repository();
    const prod = declaredKubernetes(files, { path: "k8s/overlays/prod" });
    const staging = declaredKubernetes(files, { path: "k8s/overlays/staging" });
    expect(deployment(staging)).not.toEqual(deployment(prod));

    const patch = overlayPatch({
      source: prod,
      target: staging,
      overlay: "k8s/overlays/staging",
      kustomization: {
        path: "k8s/overlays/staging/kustomization.yaml",
        text: files.get("k8s/overlays/staging/kustomization.yaml")!,
      },
      sourceAffixes: nameAffixes(files.get("k8s/overlays/prod/kustomization.yaml")),
      sourceName: "prod",
    });
    if (!patch || "error" in patch) throw new Error(JSON.stringify(patch));
    expect(patch.objects).toEqual(["apps/Deployment/web"]);
    const kustomization = patch.files.find((file) => file.path.endsWith("kustomization.yaml"))!.content;
    expect(kustomization).toContain("# staging: the base with its own namespace and prefix");
    expect(kustomization).toMatch(/patches:\n\s+- path: rampart-prod-deployment-web\.yaml/);

    for (const file of patch.files) files.set(file.path, file.content);
    const after = declaredKubernetes(files, { path: "k8s/overlays/staging" });
    expect(after.warnings).toEqual([]);
    // Names and namespaces stay the target's own; the patched settings are now the source's.
    expect(after.resources.map((resource) => resource.address).sort()).toEqual([
      "shop-staging/staging-web",
      "shop-staging/staging-web",
    ]);
    expect(deployment(after)).toEqual(deployment(prod));
    expect(service(after)).toEqual(service(prod));
  });

  it("applies only the chosen keys, and answers nothing to do when the target has them", () => {
    const files = repository();
    const prod = declaredKubernetes(files, { path: "k8s/overlays/prod" });
    const staging = declaredKubernetes(files, { path: "k8s/overlays/staging" });
    const kustomization = {
      path: "k8s/overlays/staging/kustomization.yaml",
      text: files.get("k8s/overlays/staging/kustomization.yaml")!,
    };
    const patch = overlayPatch({
      source: prod,
      target: staging,
      overlay: "k8s/overlays/staging",
      kustomization,
      sourceAffixes: nameAffixes(files.get("k8s/overlays/prod/kustomization.yaml")),
      sourceName: "prod",
      keys: ["apps/Deployment/prod-web.spec.replicas"],
    });
    if (!patch || "error" in patch) throw new Error(JSON.stringify(patch));
    for (const file of patch.files) files.set(file.path, file.content);
    const after = declaredKubernetes(files, { path: "k8s/overlays/staging" });
    const patched = deployment(after) as { spec: { replicas: number; template: unknown } };
    const source = deployment(prod) as typeof patched;
    const original = deployment(staging) as typeof patched;
    expect(patched.spec.replicas).toBe(4);
    expect(patched.spec.template).toEqual(original.spec.template);
    expect(patched.spec.template).not.toEqual(source.spec.template);
    expect(
      overlayPatch({
        source: prod,
        target: prod,
        overlay: "k8s/overlays/prod",
        kustomization: {
          path: "k8s/overlays/prod/kustomization.yaml",
          text: files.get("k8s/overlays/prod/kustomization.yaml")!,
        },
        sourceAffixes: nameAffixes(files.get("k8s/overlays/prod/kustomization.yaml")),
        sourceName: "prod",
      }),
    ).toBeUndefined();
  });

  it("refuses a kustomization it cannot edit", () => {
    const files = repository();
    const state = declaredKubernetes(files, { path: "k8s/overlays/prod" });
    const staging = declaredKubernetes(files, { path: "k8s/overlays/staging" });
    expect(
      overlayPatch({
        source: state,
        target: staging,
        overlay: "k8s/overlays/staging",
        kustomization: { path: "k8s/overlays/staging/kustomization.yaml", text: "patches: {a: 1}\n" },
        sourceAffixes: nameAffixes(files.get("k8s/overlays/prod/kustomization.yaml")),
        sourceName: "prod",
      }),
    ).toEqual({ error: "k8s/overlays/staging/kustomization.yaml has patches that are not a list" });
  });
});
