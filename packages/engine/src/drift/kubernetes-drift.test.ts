import { describe, expect, it } from "vitest";
import { withCpuTime } from "../../test/cpu-time.ts";
import {
  compareConfigs,
  computeDrift,
  type DriftItem,
  declaredKubernetes,
  MASK,
  observedKubernetes,
} from "./index.ts";
import { strategicMerge } from "./kubernetes-declared.ts";

type Loose = Record<string, unknown>;

const BASE_DEPLOYMENT = `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      serviceAccountName: web
      containers:
        - name: app
          image: ghcr.io/acme/web:1.0.0
          ports:
            - containerPort: 8080
          envFrom:
            - configMapRef:
                name: web-config
          securityContext:
            privileged: false
            readOnlyRootFilesystem: yes
`;

const BASE_OTHERS = `
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
      targetPort: 8080
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
data:
  LOG_LEVEL: info
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: web
---
apiVersion: v1
kind: Secret
metadata:
  name: web-tls
type: kubernetes.io/tls
`;

const FILES = new Map([
  ["deploy/base/deployment.yaml", BASE_DEPLOYMENT],
  ["deploy/base/others.yaml", BASE_OTHERS],
  ["deploy/base/kustomization.yaml", "resources:\n  - deployment.yaml\n  - others.yaml\n"],
  [
    "deploy/overlays/prod/kustomization.yaml",
    `resources:
  - ../../base
namePrefix: prod-
namespace: shop
commonLabels:
  env: prod
images:
  - name: ghcr.io/acme/web
    newTag: "1.2.0"
patches:
  - path: replicas.yaml
  - target:
      kind: Service
      name: web
    patch: |-
      - op: replace
        path: /spec/ports/0/port
        value: 443
configMapGenerator:
  - name: extra
    literals: [A=1]
`,
  ],
  [
    "deploy/overlays/prod/replicas.yaml",
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n",
  ],
  [
    "plain/app.yaml",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\n  namespace: tools\ndata:\n  a: '1'\n",
  ],
  ["plain/nested/skip.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nested\n"],
]);

/** The objects an API server would return for the prod overlay, with what the server adds. */
function cluster(change: (objects: Loose[]) => void = () => {}): Loose[] {
  const server = (metadata: Record<string, unknown>) => ({
    uid: "u-1",
    resourceVersion: "42",
    creationTimestamp: "2026-01-01T00:00:00Z",
    managedFields: [{ manager: "kubectl" }],
    annotations: { "kubectl.kubernetes.io/last-applied-configuration": "{}" },
    ...metadata,
  });
  const objects: Loose[] = [
    {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: server({
        name: "prod-web",
        namespace: "shop",
        labels: { app: "web", env: "prod" },
        generation: 3,
      }),
      spec: {
        replicas: 3,
        revisionHistoryLimit: 10,
        strategy: { type: "RollingUpdate" },
        selector: { matchLabels: { app: "web", env: "prod" } },
        template: {
          metadata: { labels: { app: "web", env: "prod" } },
          spec: {
            serviceAccountName: "prod-web",
            restartPolicy: "Always",
            dnsPolicy: "ClusterFirst",
            containers: [
              {
                name: "app",
                image: "ghcr.io/acme/web:1.2.0",
                imagePullPolicy: "IfNotPresent",
                terminationMessagePath: "/dev/termination-log",
                ports: [{ containerPort: 8080, protocol: "TCP" }],
                envFrom: [{ configMapRef: { name: "prod-web-config" } }],
                securityContext: { privileged: false, readOnlyRootFilesystem: true },
              },
            ],
          },
        },
      },
      status: { readyReplicas: 3 },
    },
    {
      apiVersion: "v1",
      kind: "Service",
      metadata: server({ name: "prod-web", namespace: "shop", labels: { env: "prod" } }),
      spec: {
        clusterIP: "10.0.0.12",
        type: "ClusterIP",
        selector: { app: "web", env: "prod" },
        ports: [{ port: 443, targetPort: 8080, protocol: "TCP" }],
      },
    },
    {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: server({ name: "prod-web-config", namespace: "shop", labels: { env: "prod" } }),
      data: { LOG_LEVEL: "info" },
    },
    {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: server({ name: "prod-extra-5f7c9b", namespace: "shop" }),
      data: { A: "1" },
    },
    {
      apiVersion: "v1",
      kind: "ServiceAccount",
      metadata: server({ name: "prod-web", namespace: "shop", labels: { env: "prod" } }),
    },
    // created by Kubernetes, or owned by another object, or in another namespace: not this repository's
    { apiVersion: "v1", kind: "ServiceAccount", metadata: server({ name: "default", namespace: "shop" }) },
    {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: server({ name: "kube-root-ca.crt", namespace: "shop" }),
      data: { "ca.crt": "x" },
    },
    {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: server({ name: "coredns", namespace: "kube-system" }),
      spec: {},
    },
    {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: server({ name: "other-team", namespace: "billing" }),
      spec: {},
    },
    {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: server({
        name: "leader",
        namespace: "shop",
        ownerReferences: [{ kind: "Deployment", name: "prod-web" }],
      }),
    },
  ];
  change(objects);
  return objects;
}

/** The value at a dotted path (`spec.template.spec`), for reading and changing test objects. */
function get(value: unknown, path: string): Loose {
  return path
    .split(".")
    .reduce<unknown>(
      (current, key) => (current as Record<string, unknown> | undefined)?.[key],
      value,
    ) as Loose;
}

function summary(items: DriftItem[]) {
  return items.map(
    (item) =>
      `${item.driftType} ${item.resourceType} ${item.resourceId}${item.attribute ? ` ${item.attribute}` : ""}`,
  );
}

describe("declaredKubernetes", () => {
  it("builds a Kustomize overlay: bases, prefix and references, namespace, labels, images, patches", () => {
    const state = declaredKubernetes(FILES, { path: "deploy/overlays/prod" });
    expect(state.warnings).toEqual([]);
    expect(state.resources.map((resource) => `${resource.type} ${resource.address}`)).toEqual([
      "apps/v1/Deployment shop/prod-web",
      "v1/Service shop/prod-web",
      "v1/ConfigMap shop/prod-web-config",
      "v1/ServiceAccount shop/prod-web",
      "v1/Secret shop/prod-web-tls",
    ]);
    const deployment = state.resources[0]!.attributes;
    expect(get(deployment, "spec.replicas")).toBe(3);
    expect(get(deployment, "spec.selector.matchLabels")).toEqual({ app: "web", env: "prod" });
    const pod = get(deployment, "spec.template.spec");
    expect(pod.serviceAccountName).toBe("prod-web");
    expect(get(pod, "containers.0.image")).toBe("ghcr.io/acme/web:1.2.0");
    expect(get(pod, "containers.0.envFrom.0.configMapRef.name")).toBe("prod-web-config");
    // YAML 1.1 as Kubernetes reads it
    expect(get(pod, "containers.0.securityContext.readOnlyRootFilesystem")).toBe(true);
    expect(get(state.resources[1]!.attributes, "spec.ports.0.port")).toBe(443);
    expect(state.opaque).toEqual(["shop/prod-extra-"]);
  });

  it("reads the manifests of a plain folder, not its subfolders, and says what it cannot read", () => {
    const state = declaredKubernetes(FILES, { path: "plain" });
    expect(state.resources.map((resource) => resource.address)).toEqual(["tools/plain"]);
    const broken = declaredKubernetes(
      new Map([
        ["k/a.yaml", "a: [unclosed"],
        ["k/chart.yaml", "metadata:\n  name: {{ .Values.name }}\n"],
        [
          "k/kustomization.yaml",
          "resources:\n  - a.yaml\n  - chart.yaml\n  - ../../../etc\n  - https://github.com/x/y\n",
        ],
      ]),
      { path: "k" },
    );
    expect(broken.resources).toEqual([]);
    expect(broken.warnings).toEqual([
      "k/a.yaml is not valid YAML",
      "k/chart.yaml is a template (Helm), not a manifest: not read",
      "k/kustomization.yaml: ../../../etc is outside the repository",
      "k/kustomization.yaml: remote resource https://github.com/x/y is not read",
      "no Kubernetes manifests in k",
    ]);
  });

  it("never holds a Secret's values or a secret-named environment variable's literal value", () => {
    const files = new Map([
      [
        "s/all.yaml",
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: hunter2\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n    - name: c\n      env:\n        - name: DB_PASSWORD\n          value: hunter2\n        - name: MODE\n          value: fast\n",
      ],
    ]);
    const state = declaredKubernetes(files, { path: "s" });
    expect(JSON.stringify(state)).not.toContain("hunter2");
    expect(get(state.resources[0]!.attributes, "stringData.password")).toBe(MASK);
    expect(get(state.resources[1]!.attributes, "spec.containers.0.env.1.value")).toBe("fast");
    const observed = observedKubernetes([
      {
        apiVersion: "v1",
        kind: "Pod",
        metadata: { name: "p", namespace: "default" },
        spec: {
          containers: [
            {
              name: "c",
              env: [
                { name: "DB_PASSWORD", value: "other" },
                { name: "MODE", value: "fast" },
              ],
            },
          ],
        },
      },
    ]);
    expect(JSON.stringify(observed)).not.toContain("other");
  });

  it("stops on alias bombs, kustomizations that include themselves and fan-out that multiplies", () => {
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level < 9; level++) {
      const previous = String.fromCharCode(96 + level);
      const next = String.fromCharCode(97 + level);
      bomb.push(`${next}: &${next} [${Array(10).fill(`*${previous}`).join(", ")}]`);
    }
    const aliases = declaredKubernetes(
      new Map([
        [
          "b/x.yaml",
          `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n${bomb.map((line) => `  ${line}`).join("\n")}\n`,
        ],
      ]),
      {
        path: "b",
      },
    );
    expect(aliases.warnings).toEqual(["b/x.yaml uses too many YAML aliases", "no Kubernetes manifests in b"]);
    const cycle = declaredKubernetes(
      new Map([
        ["a/kustomization.yaml", "resources:\n  - ../b\n"],
        ["b/kustomization.yaml", "resources:\n  - ../a\n  - cm.yaml\n"],
        ["b/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n"],
      ]),
      { path: "a" },
    );
    expect(cycle.resources.map((resource) => resource.address)).toEqual(["default/cm"]);
    expect(cycle.warnings).toEqual(["a/kustomization.yaml includes itself"]);
    // every level lists the next one 30 times: 30^10 builds unless bounded
    const fan = new Map<string, string>();
    for (let level = 0; level < 10; level++) {
      fan.set(`l${level}/kustomization.yaml`, `resources:\n${`  - ../l${level + 1}\n`.repeat(30)}`);
    }
    fan.set("l10/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n");
    const { value: fanned, cpuMs } = withCpuTime(() => declaredKubernetes(fan, { path: "l0" }));
    expect(cpuMs).toBeLessThan(20_000);
    expect(fanned.warnings).toContain("more than 20000 YAML documents: the rest were not read");
    expect(fanned.warnings.length).toBeLessThanOrEqual(50);
  });

  it("merges strategic patches by name and honours $patch: delete", () => {
    const base = {
      containers: [
        { name: "a", image: "x" },
        { name: "b", image: "y" },
      ],
      keep: 1,
      drop: 2,
    };
    expect(
      strategicMerge(base, {
        containers: [
          { name: "a", image: "z" },
          { name: "b", $patch: "delete" },
        ],
        drop: null,
      }),
    ).toEqual({
      containers: [{ name: "a", image: "z" }],
      keep: 1,
    });
  });
});

describe("computeDrift (Kubernetes)", () => {
  const declared = () => declaredKubernetes(FILES, { path: "deploy/overlays/prod" });

  it("finds nothing when the cluster runs what the overlay declares", () => {
    expect(computeDrift(declared(), observedKubernetes(cluster()))).toEqual([]);
  });

  it("reports a privileged container, a scaled deployment, a deleted ConfigMap and an unreviewed workload", () => {
    const observed = observedKubernetes(
      cluster((objects) => {
        const deployment = objects[0]!;
        get(deployment, "spec").replicas = 5;
        get(deployment, "spec.template.spec.containers.0.securityContext").privileged = true;
        get(deployment, "spec.template.spec").hostNetwork = true;
        objects.splice(2, 1); // prod-web-config deleted
        objects.push({
          apiVersion: "apps/v1",
          kind: "Deployment",
          metadata: { name: "miner", namespace: "shop" },
          spec: { replicas: 1 },
        });
      }),
    );
    const items = computeDrift(declared(), observed);
    expect(summary(items)).toEqual([
      "config_change apps/v1/Deployment shop/prod-web spec.template.spec.containers.0.securityContext.privileged",
      "unexpected_resource apps/v1/Deployment shop/miner",
      "config_change apps/v1/Deployment shop/prod-web spec.replicas",
      "missing_resource v1/ConfigMap shop/prod-web-config",
    ]);
    expect(items[0]).toMatchObject({
      severity: "critical",
      securityRelevant: true,
      iacExpected: false,
      actualState: true,
    });
    expect(items[1]).toMatchObject({
      severity: "high",
      securityRelevant: true,
      actualState: { spec: { replicas: 1 } },
    });
    expect(items[2]).toMatchObject({
      severity: "low",
      securityRelevant: false,
      iacExpected: 3,
      actualState: 5,
    });
    // hostNetwork is not in the manifest: its default is not drift (Argo CD would agree)
    expect(items.some((item) => item.attribute?.includes("hostNetwork"))).toBe(false);
  });

  it("reads List responses, whose items carry no kind, and takes quantities in their canonical form", () => {
    const files = new Map([
      [
        "k/app.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  namespace: shop\nspec:\n  template:\n    spec:\n      containers:\n        - name: api\n          resources:\n            limits:\n              cpu: 0.5\n              memory: 1Gi\n",
      ],
    ]);
    const list = {
      kind: "DeploymentList",
      apiVersion: "apps/v1",
      items: [
        {
          metadata: { name: "api", namespace: "shop" },
          spec: {
            template: {
              spec: { containers: [{ name: "api", resources: { limits: { cpu: "500m", memory: "1Gi" } } }] },
            },
          },
        },
      ],
    };
    const declaredState = declaredKubernetes(files, { path: "k" });
    expect(computeDrift(declaredState, observedKubernetes([list]))).toEqual([]);
    get(list, "items.0.spec.template.spec.containers.0.resources.limits").cpu = "2";
    expect(summary(computeDrift(declaredState, observedKubernetes([list])))).toEqual([
      "config_change apps/v1/Deployment shop/api spec.template.spec.containers.0.resources.limits.cpu",
    ]);
  });

  it("never reports a kind it did not read (the Secret) or a namespace it did not list as missing", () => {
    const observed = observedKubernetes(
      cluster((objects) => objects.splice(0, 1)),
      {
        kinds: ["apps/Deployment"],
        namespaces: ["other"],
      },
    );
    expect(computeDrift(declared(), observed)).toEqual([]);
    const all = observedKubernetes(cluster((objects) => objects.splice(0, 1)));
    expect(summary(computeDrift(declared(), all))).toEqual([
      "missing_resource apps/v1/Deployment shop/prod-web",
    ]);
  });

  it("compares two overlays by object, ignoring their namespaces and prefixes where they agree", () => {
    const files = new Map([
      ...FILES,
      [
        "deploy/overlays/staging/kustomization.yaml",
        "resources:\n  - ../../base\nnamePrefix: prod-\nnamespace: shop-staging\ncommonLabels:\n  env: prod\nimages:\n  - name: ghcr.io/acme/web\n    newTag: '1.3.0'\n",
      ],
    ]);
    const differences = compareConfigs(
      declared(),
      declaredKubernetes(files, { path: "deploy/overlays/staging" }),
    );
    expect(
      differences.map((difference) => [difference.key, difference.change, difference.securityRelevant]),
    ).toEqual([
      ["apps/Deployment/prod-web.spec.template.spec.containers.0.image", "modified", true],
      ["Service/prod-web.spec.ports.0.port", "modified", false],
      ["apps/Deployment/prod-web.spec.replicas", "modified", false],
    ]);
  });
});
