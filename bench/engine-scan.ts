// Engine scan throughput: generates a corpus of mixed files (Terraform, Kubernetes,
// CloudFormation YAML and JSON, GitHub workflows, Dockerfiles, source and text files with planted
// secrets, plus ignored and vendored files that must cost nothing), scans it three times with the
// default worker pool, then once through the CLI, and reports wall and CPU time, files/s, MB/s
// and peak RSS.
//   node --import tsx bench/engine-scan.ts [files=10000] [rounds=3]
// Also exports `run()` for bench/run.ts.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { scan } from "../packages/engine/src/scan.ts";

/** Deterministic pseudo-random numbers, so every run scans the same corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function terraform(index: number, next: () => number): string {
  const blocks: string[] = [];
  const count = 3 + Math.floor(next() * 6);
  for (let block = 0; block < count; block++) {
    const bad = next() < 0.3;
    switch (block % 4) {
      case 0:
        blocks.push(`resource "aws_db_instance" "db_${index}_${block}" {
  engine              = "postgres"
  instance_class      = "db.t3.micro"
  allocated_storage   = 20
  storage_encrypted   = ${bad ? "false" : "true"}
  publicly_accessible = ${bad ? "true" : "false"}
  backup_retention_period = ${bad ? 0 : 7}
  tags = {
    Name = "db-${index}"
    Team = "platform"
  }
}`);
        break;
      case 1:
        blocks.push(`resource "aws_security_group" "sg_${index}_${block}" {
  name = "sg-${index}-${block}"
  ingress {
    from_port   = ${bad ? 22 : 443}
    to_port     = ${bad ? 22 : 443}
    protocol    = "tcp"
    cidr_blocks = ["${bad ? "0.0.0.0/0" : "10.0.0.0/8"}"]
  }
}`);
        break;
      case 2:
        blocks.push(`resource "aws_s3_bucket" "bucket_${index}_${block}" {
  bucket = "bucket-${index}-${block}"
}

resource "aws_s3_bucket_versioning" "bucket_${index}_${block}" {
  bucket = aws_s3_bucket.bucket_${index}_${block}.id
  versioning_configuration {
    status = "${bad ? "Suspended" : "Enabled"}"
  }
}`);
        break;
      default:
        blocks.push(`variable "name_${block}" {
  type    = string
  default = "service-${index}"
}

locals {
  common_${block} = {
    environment = "prod"
    owner       = var.name_${block}
  }
}`);
    }
  }
  return `${blocks.join("\n\n")}\n`;
}

function kubernetes(index: number, next: () => number): string {
  const bad = next() < 0.3;
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-${index}
  labels:
    app: app-${index}
spec:
  replicas: 2
  selector:
    matchLabels:
      app: app-${index}
  template:
    metadata:
      labels:
        app: app-${index}
    spec:
      hostNetwork: ${bad ? "true" : "false"}
      containers:
        - name: app
          image: registry.example.com/app:${bad ? "latest" : "1.4.2"}
          ports:
            - containerPort: 8080
          securityContext:
            privileged: ${bad ? "true" : "false"}
            runAsNonRoot: ${bad ? "false" : "true"}
            allowPrivilegeEscalation: false
          resources:
            limits:
              cpu: 500m
              memory: 256Mi
          env:
            - name: LOG_LEVEL
              value: info
---
apiVersion: v1
kind: Service
metadata:
  name: app-${index}
spec:
  selector:
    app: app-${index}
  ports:
    - port: 80
      targetPort: 8080
`;
}

function cloudformationYaml(index: number, next: () => number): string {
  const bad = next() < 0.3;
  return `AWSTemplateFormatVersion: "2010-09-09"
Description: stack ${index}
Parameters:
  Env:
    Type: String
    Default: prod
Resources:
  Bucket${index}:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: !Sub "\${Env}-bucket-${index}"
      VersioningConfiguration:
        Status: ${bad ? "Suspended" : "Enabled"}
  Database${index}:
    Type: AWS::RDS::DBInstance
    Properties:
      Engine: mysql
      DBInstanceClass: db.t3.micro
      AllocatedStorage: "20"
      StorageEncrypted: ${bad ? "false" : "true"}
      PubliclyAccessible: ${bad ? "true" : "false"}
Outputs:
  BucketArn:
    Value: !GetAtt Bucket${index}.Arn
`;
}

function cloudformationJson(index: number, next: () => number): string {
  const bad = next() < 0.3;
  return `${JSON.stringify(
    {
      AWSTemplateFormatVersion: "2010-09-09",
      Resources: {
        [`Queue${index}`]: {
          Type: "AWS::SQS::Queue",
          Properties: bad
            ? { QueueName: `q-${index}` }
            : { QueueName: `q-${index}`, KmsMasterKeyId: "alias/aws/sqs" },
        },
        [`Volume${index}`]: {
          Type: "AWS::EC2::Volume",
          Properties: { Size: 10, Encrypted: !bad, AvailabilityZone: "eu-west-1a" },
        },
      },
    },
    null,
    2,
  )}\n`;
}

/** A GitHub Actions expression, `${{ … }}`. */
function expression(body: string): string {
  return `\${{ ${body} }}`;
}

function workflow(index: number, next: () => number): string {
  const bad = next() < 0.3;
  return `name: ci-${index}
on:
  ${bad ? "pull_request_target" : "pull_request"}:
  push:
    branches: [main]
permissions:
  contents: read
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@${bad ? "v4" : "b4ffde65f46336ab88eb53be808477a3936bae11"}
      - uses: actions/setup-node@${bad ? "main" : "60edb5dd545a775178f52524783378180af0d1f8"}
        with:
          node-version: 20
      - run: npm ci
      - name: greet
        run: |
          echo "title ${bad ? expression("github.event.pull_request.title") : "static"}"
      - run: npm test
`;
}

function dockerfile(index: number, next: () => number): string {
  const bad = next() < 0.3;
  return `FROM node:${bad ? "latest" : "20.11-alpine@sha256:9b61b4ec6d4d4f1f7a4a6b0b1d0c5e5f1f2c3d4e5f60718293a4b5c6d7e8f901"}
WORKDIR /app
COPY package*.json ./
RUN ${bad ? "curl -fsSL https://example.com/install.sh | sh && " : ""}npm ci --omit=dev
COPY . .
ENV PORT=8080 SERVICE=svc-${index}
EXPOSE 8080
${bad ? "" : "USER node\n"}CMD ["node", "server.js"]
`;
}

function source(index: number, next: () => number): string {
  const lines = [`// service ${index}`, `import { createServer } from "node:http";`, ""];
  for (let line = 0; line < 40; line++) {
    lines.push(`export function handler${line}(request, response) {`);
    lines.push(`  const value = request.headers["x-value-${line}"] ?? "default";`);
    lines.push(`  response.end(String(value).length + ${line});`);
    lines.push("}");
  }
  if (next() < 0.1) lines.push(`const awsKey = "AKIA${"ABCDEFGHIJKLMNOP".slice(0, 16)}";`);
  if (next() < 0.05)
    lines.push(`const token = "ghp_${"a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8".slice(0, 36)}";`);
  lines.push(`createServer(handler0).listen(${3000 + (index % 1000)});`);
  return `${lines.join("\n")}\n`;
}

function markdown(index: number): string {
  return `# Service ${index}\n\n${"Runs the thing. Configure it with environment variables and deploy it with the pipeline.\n".repeat(20)}`;
}

const GENERATORS: {
  share: number;
  name: (index: number) => string;
  make: (index: number, next: () => number) => string;
}[] = [
  { share: 0.25, name: (i) => `infra/m${i % 50}/main_${i}.tf`, make: terraform },
  { share: 0.2, name: (i) => `k8s/ns${i % 40}/deploy-${i}.yaml`, make: kubernetes },
  { share: 0.08, name: (i) => `cfn/stack-${i}.yaml`, make: cloudformationYaml },
  { share: 0.07, name: (i) => `cfn/json/stack-${i}.json`, make: cloudformationJson },
  { share: 0.1, name: (i) => `.github/workflows/ci-${i}.yml`, make: workflow },
  { share: 0.1, name: (i) => `services/s${i}/Dockerfile`, make: dockerfile },
  { share: 0.15, name: (i) => `src/p${i % 60}/mod-${i}.js`, make: source },
  { share: 0.05, name: (i) => `docs/d${i % 20}/page-${i}.md`, make: (i) => markdown(i) },
];

export interface Corpus {
  root: string;
  files: number;
  bytes: number;
}

/** `seed` picks the contents (names depend on the count alone): other seeds, other corpora. */
export function generateCorpus(total: number, seed = 42): Corpus {
  const root = mkdtempSync(join(tmpdir(), "rampart-bench-"));
  const next = random(seed);
  let bytes = 0;
  let index = 0;
  const write = (path: string, text: string) => {
    const full = join(root, path);
    mkdirSync(join(full, ".."), { recursive: true });
    writeFileSync(full, text);
  };
  for (const generator of GENERATORS) {
    const count = Math.round(total * generator.share);
    for (let made = 0; made < count && index < total; made++, index++) {
      const text = generator.make(index, next);
      bytes += Buffer.byteLength(text);
      write(generator.name(index), text);
    }
  }
  while (index < total) {
    const text = source(index, next);
    bytes += Buffer.byteLength(text);
    write(`src/extra/mod-${index}.js`, text);
    index++;
  }
  // Files the walker must not read: ignored, vendored, binary. Not counted in the corpus.
  write(".gitignore", "dist/\n*.log\n");
  for (let i = 0; i < 200; i++) {
    write(`node_modules/pkg${i}/index.js`, source(i, next));
    write(`dist/bundle-${i}.js`, source(i, next));
    write(`logs/run-${i}.log`, "log line\n".repeat(50));
  }
  for (let i = 0; i < 50; i++) writeFileSync(join(root, `docs/image-${i}.png`), Buffer.alloc(2048, 7));
  return { root, files: total, bytes };
}

interface Round {
  seconds: number;
  cpuSeconds: number;
  result: Awaited<ReturnType<typeof scan>>;
}

async function measure(root: string): Promise<Round> {
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const result = await scan(root);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // CPU time of every thread of the process (main + workers): on a shared machine wall time
  // depends on the neighbours; CPU time / cores is what the scan needs from an idle box.
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, result };
}

/**
 * `rampart scan <root> --format json` end to end: process start, registry load, scan, report. On
 * Linux also the CPU time of each of its threads, read from /proc while it runs: a CPU profile
 * samples the JavaScript threads only, and V8's own threads (its optimizing compilers, its
 * collectors) once spent more than either worker without showing up anywhere (bench/RESULTS.md).
 */
async function measureCli(root: string): Promise<{ seconds: number; threads: ThreadCpu | undefined }> {
  const output = join(root, "..", `rampart-bench-report-${process.pid}.json`);
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [CLI, "scan", root, "--format", "json", "--output", output], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const seen = new Map<number, number>();
  const poll = setInterval(() => readThreadTicks(child.pid!, seen), 100);
  const status = await new Promise<number | null>((done) => child.on("close", done));
  clearInterval(poll);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(output, { force: true });
  if (status !== 0) throw new Error(`rampart scan exited ${status}: ${stderr.trim()}`);
  return { seconds, threads: seen.size > 0 ? threadCpu(child.pid!, seen) : undefined };
}

interface ThreadCpu {
  main: number;
  /** Every other thread's CPU seconds, busiest first. */
  others: number[];
}

/** The kernel's clock ticks per second for /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Adds the latest user+system ticks of each thread of `pid` to `seen` (nothing off Linux). */
function readThreadTicks(pid: number, seen: Map<number, number>): void {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): state is the 3rd, utime the 14th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      seen.set(Number(task), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the thread ended between the listing and the read: its last reading stands
    }
  }
}

function threadCpu(pid: number, seen: Map<number, number>): ThreadCpu {
  const others = [...seen]
    .filter(([task, ticks]) => task !== pid && ticks > 0)
    .map(([, ticks]) => ticks / TICKS_PER_SECOND)
    .sort((a, b) => b - a);
  return { main: (seen.get(pid) ?? 0) / TICKS_PER_SECOND, others };
}

const CLI = fileURLToPath(new URL("../packages/cli/bin/rampart.mjs", import.meta.url));

/** Scans the same corpus `rounds` times (the machine is shared: one run says little) and the CLI once. */
export async function run(total = 10_000, rounds = 3): Promise<string> {
  const corpus = generateCorpus(total);
  try {
    // The CLI and the server load the analyzers at start-up, before any scan; so does the bench, so
    // that the rounds time the scan itself. The CLI row below includes that start-up.
    const registry = await import("../packages/engine/src/all-analyzers.ts");
    const ruleCounts = registry.analyzers.map(
      (analyzer) => `${analyzer.id} ${registry.allRules([analyzer]).length}`,
    );
    const measured: Round[] = [];
    for (let round = 0; round < rounds; round++) measured.push(await measure(corpus.root));
    const cli = await measureCli(corpus.root);
    const sorted = [...measured].sort((a, b) => a.seconds - b.seconds);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const { result, seconds } = median;
    const peakRssMb = process.resourceUsage().maxRSS / 1024; // maxRSS is in KiB, covers the worker threads
    const statuses = result.analyzers.map(
      (item) => `${item.analyzer} ${item.status} (${item.filesAnalyzed}/${item.filesGiven})`,
    );
    // Busiest first: where the next second of the scan is to be found.
    const busy = [...result.analyzers]
      .sort((a, b) => b.busyMs - a.busyMs)
      .map((item) => `${item.analyzer} ${(item.busyMs / 1000).toFixed(2)} s`);
    const cores = availableParallelism();
    const rows = [
      "| measure | value |",
      "|---|---|",
      `| files in corpus | ${corpus.files} (${(corpus.bytes / 1024 / 1024).toFixed(1)} MB), plus ignored/vendored/binary files |`,
      `| files scanned | ${result.filesScanned} (${(result.bytesScanned / 1024 / 1024).toFixed(1)} MB); ${result.skipped.length} skipped |`,
      `| workers | ${cores} |`,
      `| wall time, ${rounds} rounds | ${measured.map((round) => `${round.seconds.toFixed(2)} s`).join(", ")} (median ${seconds.toFixed(2)} s) |`,
      `| throughput (median round) | ${(result.filesScanned / seconds).toFixed(0)} files/s, ${(result.bytesScanned / 1024 / 1024 / seconds).toFixed(2)} MB/s |`,
      `| CPU time (all threads), ${rounds} rounds | ${measured.map((round) => `${round.cpuSeconds.toFixed(1)} s`).join(", ")} |`,
      `| analyzer time of the median round (all threads) | ${busy.join(", ")} |`,
      `| phases of the median round (wall) | walk ${result.phases.walkMs} ms, analyze ${result.phases.analyzeMs} ms, cross-file ${result.phases.projectMs} ms, finalize ${result.phases.finalizeMs} ms |`,
      `| \`rampart scan --format json\` end to end | ${cli.seconds.toFixed(2)} s |`,
      ...(cli.threads
        ? [
            `| CPU by thread of that run | main ${cli.threads.main.toFixed(1)} s; the others (workers, then V8's compiler and collector threads), busiest first: ${cli.threads.others.map((seconds) => seconds.toFixed(1)).join(", ")} s |`,
          ]
        : []),
      `| load average at the end | ${loadavg()[0]!.toFixed(1)} |`,
      `| peak RSS | ${peakRssMb.toFixed(0)} MB |`,
      `| findings | ${result.findings.length} |`,
      `| analyzers | ${statuses.join("; ")} |`,
      `| rules per analyzer | ${ruleCounts.join(", ")} |`,
    ];
    return rows.join("\n");
  } finally {
    rmSync(corpus.root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const total = Number(process.argv[2] ?? 10_000);
  const rounds = Number(process.argv[3] ?? 3);
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}\n`,
  );
  console.log(await run(total, rounds));
}
