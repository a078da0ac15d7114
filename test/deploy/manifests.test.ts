import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { configSchema } from "@lexnav/core";
import { INGEST_CONSUMER, INGEST_STREAMS } from "@lexnav/ingest-service";
import { LEXICAL_CONSUMER } from "@lexnav/lexical-service";
import { VECTOR_CONSUMER } from "@lexnav/vector-service";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { repoRoot } from "../support/shared.ts";
import { composeValidator, kubernetesValidator } from "./schemas.ts";

// deploy/ validated offline: every Kubernetes manifest against the Kubernetes 1.34 OpenAPI schemas (and
// KEDA's CRD), the compose files against the compose-spec schema, all vendored from pinned modules; then
// the rules the schemas cannot say (probes, scaling, ports, secrets, NATS users). No container or cluster
// runs here: deploy/README.md says what that leaves unproven.

const deploy = (...p: string[]) => join(repoRoot, "deploy", ...p);
const read = (...p: string[]) => readFileSync(deploy(...p), "utf8");

/** The six stage services, each a Dockerfile build with SERVICE=<name>. */
const STAGES = ["ingest", "lexical", "vector", "rerank", "planner", "answer"] as const;

/**
 * The stages that consume a stream, each scaled by KEDA on its durable consumer's backlog (the consumer as the
 * code names it). On the server stores (PostgreSQL catalog, OpenSearch, Qdrant) each shares nothing with its
 * other replicas but those stores and the stream.
 */
const CONSUMERS = [
  { stage: "ingest", stream: INGEST_STREAMS.commands, consumer: INGEST_CONSUMER },
  { stage: "lexical", stream: INGEST_STREAMS.events, consumer: LEXICAL_CONSUMER },
  { stage: "vector", stream: INGEST_STREAMS.events, consumer: VECTOR_CONSUMER },
] as const;

/** The stateless query stages, each scaled by an HPA on CPU. */
const STATELESS = ["answer", "planner", "rerank"] as const;

/** The stages that read or write the catalog (`openCatalogStores`); rerank does not. */
const CATALOG_CLIENTS = ["answer", "ingest", "lexical", "planner", "vector"] as const;

/**
 * The one stage bound to a node: the answer service's answer records are an embedded SQLite file that all its
 * replicas must open (a replay goes to any replica; a delete's event is taken by one of them).
 */
const NODE_BOUND = { stage: "answer", claim: "lexnav-answers", label: "lexnav.io/answer-records" } as const;

/** The variables the lexnav config reads (packages/core/src/config.ts). */
const CONFIG_KEYS = new Set(Object.keys(configSchema.shape));

/** The names among `names` that look like lexnav settings (LEXNAV_*, NATS_*) but that the config does not read. */
function unknownSettings(names: Iterable<string>): string[] {
  return [...new Set(names)].filter((n) => /^(LEXNAV|NATS)_/.test(n) && !CONFIG_KEYS.has(n)).sort();
}

type Obj = Record<string, unknown>;
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; spec?: Obj };

const k8sFiles = readdirSync(deploy("k8s")).filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml");
const k8sObjects: { file: string; doc: K8sObject }[] = k8sFiles.flatMap((file) =>
  parseAllDocuments(read("k8s", file)).map((d) => {
    if (d.errors.length > 0) throw new Error(`${file}: ${d.errors.map((e) => e.message).join("; ")}`);
    return { file, doc: d.toJS() as K8sObject };
  }),
);
const ofKind = <T = Obj>(kind: string) =>
  k8sObjects.filter((o) => o.doc.kind === kind).map((o) => o.doc as unknown as T & K8sObject);
const named = <T = Obj>(kind: string, name: string): T & K8sObject => {
  const found = ofKind<T>(kind).find((o) => o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/k8s`);
  return found;
};

/** Users of deploy/nats/nats.conf and the password variable each takes. */
const natsConf = read("nats", "nats.conf");
const natsUsers = new Map(
  [...natsConf.matchAll(/user:\s*(\w+)\s*\n\s*password:\s*\$(\w+)/g)].map((m) => [m[1] ?? "", m[2] ?? ""]),
);

type Container = {
  name: string;
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { secretRef?: { name: string }; configMapRef?: { name: string } }[];
  livenessProbe?: { httpGet?: { path: string } };
  readinessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Obj; limits?: Obj };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
};
type PodTemplate = {
  metadata: { labels: Record<string, string> };
  spec: {
    affinity?: Obj;
    nodeName?: string;
    nodeSelector?: Record<string, string>;
    containers: Container[];
    volumes?: {
      name: string;
      secret?: { secretName: string };
      persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
      hostPath?: Obj;
      ephemeral?: Obj;
    }[];
  };
};
type Workload = {
  spec: {
    replicas: number;
    strategy?: { type: string };
    selector: { matchLabels: Record<string, string> };
    template: PodTemplate;
  };
};

describe("deploy/k8s against the Kubernetes 1.34 OpenAPI schemas (vendored; strict about unknown fields)", () => {
  const validate = kubernetesValidator();

  it("every manifest is a kind the schemas know, and valid", () => {
    expect(k8sObjects.length).toBeGreaterThan(20);
    const errors = k8sObjects.flatMap(({ file, doc }) =>
      validate(doc).map((e) => `${file} ${doc.kind}/${doc.metadata?.name}: ${e}`),
    );
    expect(errors).toEqual([]);
  });

  it("the validator catches what a cluster would refuse or silently drop", () => {
    // Controls: without them a validator that accepts everything would pass the test above.
    const deployment = structuredClone(named<Workload>("Deployment", "answer"));
    const container = deployment.spec.template.spec.containers[0] as Container & Obj;
    container.readinesProbe = container.readinessProbe; // a misspelt field
    expect(validate(deployment).join("\n")).toMatch(/readinesProbe/);

    const replicas = structuredClone(named<Workload>("Deployment", "answer")) as unknown as { spec: Obj };
    replicas.spec.replicas = "two";
    expect(validate(replicas).join("\n")).toMatch(/\/spec\/replicas must be integer/);

    const noContainers = structuredClone(named<Workload>("Deployment", "answer")) as unknown as {
      spec: { template: { spec: Obj } };
    };
    delete noContainers.spec.template.spec.containers;
    expect(validate(noContainers).join("\n")).toMatch(/must have required property 'containers'/);

    const scaled = structuredClone(named("ScaledObject", "lexical")) as unknown as { spec: Obj };
    scaled.spec.minReplicas = 1; // the HPA's word, not KEDA's
    expect(validate(scaled).join("\n")).toMatch(/minReplicas/);

    expect(validate({ apiVersion: "apps/v1beta1", kind: "Deployment", metadata: { name: "x" } })).toEqual([
      "no schema for apiVersion apps/v1beta1 kind Deployment",
    ]);
  });

  it("kustomization.yaml lists every manifest, and kubectl renders it (when kubectl is here)", () => {
    const k = parse(read("k8s", "kustomization.yaml")) as { resources: string[] };
    expect([...k.resources].sort()).toEqual([...k8sFiles].sort());
    let kubectl = "";
    try {
      kubectl = execFileSync("kubectl", ["version", "--client"], { encoding: "utf8" });
    } catch {
      console.log("kubectl is not installed: the kustomize render is not checked (the schemas are)");
      return;
    }
    expect(kubectl).toMatch(/Client Version/);
    const rendered = execFileSync("kubectl", ["kustomize", deploy("k8s")], { encoding: "utf8" });
    expect(parseAllDocuments(rendered).length).toBe(k8sObjects.length);
  });
});

describe("deploy/k8s: what the schemas cannot say", () => {
  const deployments = ofKind<Workload>("Deployment");

  it("a Deployment per stage, probed on /healthz and /readyz, with requests and limits", () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...STAGES].sort());
    for (const d of deployments) {
      for (const c of d.spec.template.spec.containers) {
        expect(c.livenessProbe?.httpGet?.path, d.metadata.name).toBe("/healthz");
        expect(c.readinessProbe?.httpGet?.path, d.metadata.name).toBe("/readyz");
        for (const r of ["cpu", "memory"]) {
          expect(c.resources?.requests?.[r], `${d.metadata.name} ${r}`).toBeDefined();
          expect(c.resources?.limits?.[r], `${d.metadata.name} ${r}`).toBeDefined();
        }
      }
      expect(d.metadata.namespace).toBe("lexnav");
      // No stage is a single writer any more: each runs replicas and rolls.
      expect(d.spec.replicas, d.metadata.name).toBeGreaterThanOrEqual(2);
      expect(d.spec.strategy?.type, d.metadata.name).not.toBe("Recreate");
    }
  });

  it("each stage scales: stateless ones by an HPA, consumers by KEDA on their consumer's lag; each keeps one replica through disruptions", () => {
    const hpas = ofKind<{ spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number } }>(
      "HorizontalPodAutoscaler",
    );
    const scaled = ofKind<{
      spec: {
        scaleTargetRef: { name: string };
        minReplicaCount?: number;
        triggers: { type: string; metadata: Record<string, string> }[];
      };
    }>("ScaledObject");
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...STATELESS].sort());
    for (const h of hpas) expect(h.spec.scaleTargetRef.kind).toBe("Deployment");
    // Each consuming stage, ingest included, scales on its own consumer's lag, never below two replicas.
    expect(scaled.map((s) => s.spec.scaleTargetRef.name).sort()).toEqual(CONSUMERS.map((c) => c.stage).sort());
    for (const { stage, stream, consumer } of CONSUMERS) {
      const object = scaled.find((s) => s.spec.scaleTargetRef.name === stage);
      expect(object?.spec.minReplicaCount, stage).toBeGreaterThanOrEqual(2);
      expect(object?.spec.triggers.find((t) => t.type === "nats-jetstream")?.metadata, stage).toMatchObject({
        stream,
        consumer,
        account: "LEXNAV",
      });
      // The durable consumer, as the service names it, is the one nats.conf permits by name.
      expect(natsConf).toContain(`$JS.API.CONSUMER.MSG.NEXT.${stream}.${consumer}"`);
    }
    // The account KEDA reads lag in is the one nats.conf declares.
    expect(natsConf).toMatch(/accounts \{\s*LEXNAV \{/);
    // Every stage keeps one replica through a drain: each now runs two or more, so a budget can hold one.
    const pdbs = ofKind<{ spec: { minAvailable?: number; selector: { matchLabels: Record<string, string> } } }>(
      "PodDisruptionBudget",
    );
    for (const d of deployments) {
      const pdb = pdbs.find((p) => p.spec.selector.matchLabels["app.kubernetes.io/name"] === d.metadata.name);
      expect(pdb?.spec.minAvailable, d.metadata.name).toBe(1);
    }
  });

  it("Services select the pods of their Deployment, on ports the containers declare", () => {
    for (const s of ofKind<{ spec: { selector: Record<string, string>; ports: { targetPort: string }[] } }>(
      "Service",
    )) {
      const target = [...deployments, ...ofKind<Workload>("StatefulSet")].find((w) =>
        Object.entries(s.spec.selector).every(([k, v]) => w.spec.template.metadata.labels[k] === v),
      );
      expect(target, s.metadata.name).toBeDefined();
      const ports = (target?.spec.template.spec.containers ?? []).flatMap(
        (c) => ((c as Obj).ports as { name: string }[] | undefined)?.map((p) => p.name) ?? [],
      );
      for (const p of s.spec.ports) expect(ports, `${s.metadata.name} ${p.targetPort}`).toContain(p.targetPort);
    }
  });

  it("NATS: a StatefulSet with JetStream on a volume claim, TLS, nats.conf as shipped, passwords from a Secret", () => {
    const sts = named<{
      spec: Workload["spec"] & { volumeClaimTemplates: { metadata: { name: string } }[] };
    }>("StatefulSet", "nats");
    const c = sts.spec.template.spec.containers[0] as Container & { args: string[] };
    expect(c.args).toEqual(expect.arrayContaining(["-c", "/etc/nats/nats-tls.conf", "-sd", "/data"]));
    expect(sts.spec.volumeClaimTemplates.map((v) => v.metadata.name)).toContain("data");
    expect(c.volumeMounts?.map((m) => m.name)).toEqual(expect.arrayContaining(["data", "tls", "config"]));
    const config = named<{ data: Record<string, string> }>("ConfigMap", "nats-config");
    expect(config.data["nats.conf"]).toBe(natsConf);
    expect(config.data["nats-tls.conf"]).toBe(read("nats", "nats-tls.conf"));
    expect(c.envFrom?.map((e) => e.secretRef?.name)).toContain("lexnav-nats-passwords");
  });

  it("each NATS client runs as a user nats.conf defines, with that user's password from the Secret", () => {
    const clients = deployments.filter((d) => d.spec.template.metadata.labels["lexnav.io/nats-client"] === "true");
    expect(clients.map((d) => d.metadata.name).sort()).toEqual(["answer", "ingest", "lexical", "vector"]);
    for (const d of deployments) {
      const env = d.spec.template.spec.containers[0]?.env ?? [];
      const user = env.find((e) => e.name === "NATS_USER")?.value;
      const isClient = clients.includes(d);
      expect(user !== undefined, d.metadata.name).toBe(isClient);
      if (user === undefined) continue;
      expect(natsUsers.get(user), `${user} in nats.conf`).toBeDefined();
      expect(env.find((e) => e.name === "NATS_PASSWORD")?.valueFrom?.secretKeyRef).toEqual({
        name: "lexnav-nats-passwords",
        key: natsUsers.get(user),
      });
    }
  });

  it("every LEXNAV_* and NATS_* variable the manifests set is a setting the config reads", () => {
    const config = named<{ data: Record<string, string> }>("ConfigMap", "lexnav-config");
    const names = [
      ...Object.keys(config.data),
      ...deployments.flatMap((d) => d.spec.template.spec.containers.flatMap((c) => (c.env ?? []).map((e) => e.name))),
    ];
    expect(names).toContain("LEXNAV_DB"); // the check sees the names it checks
    expect(unknownSettings(names)).toEqual([]);
    // The control: the names the deployment once used are refused.
    expect(unknownSettings([...names, "OPENSEARCH_URL", "LEXNAV_OPENSEARCH_ADDRESS", "NATS_PASS"])).toEqual([
      "LEXNAV_OPENSEARCH_ADDRESS",
      "NATS_PASS",
    ]);
  });

  /** The access modes of each claim storage.yaml makes; the operator's claims (corpus, models) are not here. */
  const claimModes = new Map(
    ofKind<{ spec: { accessModes: string[] } }>("PersistentVolumeClaim").map((c) => [
      c.metadata.name,
      c.spec.accessModes,
    ]),
  );

  /**
   * Why `d` could not run as many replicas on many nodes: fewer than two replicas, replaced rather than rolled,
   * a node named or selected, a required (anti-)affinity to nodes or pods, a host path, a claim one node
   * mounts (ReadWriteOnce), or an operator's claim (documented ReadOnlyMany) mounted writable.
   */
  function scaleOutViolations(d: Workload): string[] {
    const spec = d.spec.template.spec;
    const out: string[] = [];
    if (d.spec.replicas < 2) out.push(`runs ${d.spec.replicas} replica`);
    if (d.spec.strategy?.type === "Recreate") out.push("is replaced, not rolled");
    if (spec.nodeName !== undefined || spec.nodeSelector !== undefined) out.push("pins a node");
    const affinity = (spec.affinity ?? {}) as Record<
      string,
      { requiredDuringSchedulingIgnoredDuringExecution?: unknown }
    >;
    for (const kind of ["nodeAffinity", "podAffinity"])
      if (affinity[kind]?.requiredDuringSchedulingIgnoredDuringExecution !== undefined)
        out.push(`pins a node (${kind})`);
    for (const v of spec.volumes ?? []) {
      if (v.hostPath) out.push(`mounts the host path of ${v.name}`);
      const claim = v.persistentVolumeClaim;
      if (!claim) continue;
      const modes = claimModes.get(claim.claimName);
      if (modes?.some((m) => m === "ReadWriteOnce" || m === "ReadWriteOncePod"))
        out.push(`mounts the ReadWriteOnce claim ${claim.claimName}`);
      const writable =
        !claim.readOnly || spec.containers.some((c) => c.volumeMounts?.some((m) => m.name === v.name && !m.readOnly));
      if (modes === undefined && writable) out.push(`mounts the operator's claim ${claim.claimName} writable`);
    }
    return out;
  }

  it("every stage but the answer front scales out: replicas, no ReadWriteOnce claim, no node pinned", () => {
    for (const d of deployments)
      if (d.metadata.name !== NODE_BOUND.stage) expect(scaleOutViolations(d), d.metadata.name).toEqual([]);
    // Controls: each way back to one host is caught.
    const ingest = named<Workload>("Deployment", "ingest");
    const one = structuredClone(ingest);
    one.spec.replicas = 1;
    one.spec.strategy = { type: "Recreate" };
    expect(scaleOutViolations(one)).toEqual(["runs 1 replica", "is replaced, not rolled"]);
    const rwo = structuredClone(ingest);
    rwo.spec.template.spec.volumes = [
      ...(rwo.spec.template.spec.volumes ?? []),
      { name: "state", persistentVolumeClaim: { claimName: NODE_BOUND.claim } },
    ];
    expect(scaleOutViolations(rwo)).toEqual([`mounts the ReadWriteOnce claim ${NODE_BOUND.claim}`]);
    const pinned = structuredClone(ingest);
    pinned.spec.template.spec.nodeSelector = { "kubernetes.io/hostname": "node-a" };
    pinned.spec.template.spec.affinity = {
      podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [] },
    };
    pinned.spec.template.spec.volumes?.push({ name: "host", hostPath: { path: "/var/lib/lexnav" } });
    expect(scaleOutViolations(pinned)).toEqual([
      "pins a node",
      "pins a node (podAffinity)",
      "mounts the host path of host",
    ]);
    const writable = structuredClone(ingest);
    for (const v of writable.spec.template.spec.volumes ?? [])
      if (v.persistentVolumeClaim) v.persistentVolumeClaim.readOnly = false;
    expect(scaleOutViolations(writable)).toEqual(["mounts the operator's claim lexnav-corpus writable"]);
  });

  it("the answer records are the one node-bound part: one claim, the answer pods alone on its node, LEXNAV_DB on it", () => {
    const answer = named<Workload>("Deployment", NODE_BOUND.stage);
    expect(scaleOutViolations(answer)).toEqual([
      "pins a node (podAffinity)",
      `mounts the ReadWriteOnce claim ${NODE_BOUND.claim}`,
    ]);
    expect(answer.spec.template.metadata.labels[NODE_BOUND.label]).toBe("true");
    // The affinity keeps answer pods with each other, not with any other stage.
    expect(answer.spec.template.spec.affinity).toEqual({
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: { [NODE_BOUND.label]: "true" } }, topologyKey: "kubernetes.io/hostname" },
        ],
      },
    });
    for (const d of deployments)
      if (d !== answer) expect(d.spec.template.metadata.labels[NODE_BOUND.label], d.metadata.name).toBeUndefined();
    const mounters = deployments.filter((d) =>
      (d.spec.template.spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === NODE_BOUND.claim),
    );
    expect(mounters.map((d) => d.metadata.name)).toEqual([NODE_BOUND.stage]);
    const volume = answer.spec.template.spec.volumes?.find(
      (v) => v.persistentVolumeClaim?.claimName === NODE_BOUND.claim,
    );
    const mount = answer.spec.template.spec.containers[0]?.volumeMounts?.find((m) => m.name === volume?.name);
    const config = named<{ data: Record<string, string> }>("ConfigMap", "lexnav-config");
    expect(config.data.LEXNAV_DB?.startsWith(`${mount?.mountPath}/`)).toBe(true);
    // It searches through the stages: on the shared catalog its own embedded search stores are empty.
    const env = answer.spec.template.spec.containers[0]?.env ?? [];
    for (const stage of ["LEXICAL", "VECTOR", "RERANK", "PLANNER"]) {
      const target = env.find((e) => e.name === `LEXNAV_${stage}_TARGET`)?.value;
      const service = stage.toLowerCase();
      expect(target, stage).toBe(`dns:///${service}.lexnav.svc:50051`);
      expect(named("Service", service).metadata.name).toBe(service);
    }
    // So does the planner's deterministic plan (routing and passage search), through the lexical stage,
    // which a network policy lets it reach.
    const plannerEnv = named<Workload>("Deployment", "planner").spec.template.spec.containers[0]?.env ?? [];
    expect(plannerEnv.find((e) => e.name === "LEXNAV_LEXICAL_TARGET")?.value).toBe("dns:///lexical.lexnav.svc:50051");
    type Policy = {
      spec: { podSelector: Obj; ingress: { from: { podSelector?: { matchLabels?: Obj } }[]; ports: Obj[] }[] };
    };
    const reaches = (from: string, to: string) =>
      ofKind<Policy>("NetworkPolicy").some((p) => {
        const sel = p.spec.podSelector as { matchLabels?: Obj; matchExpressions?: { values: string[] }[] };
        const selects =
          sel.matchLabels?.["app.kubernetes.io/name"] === to ||
          (sel.matchExpressions ?? []).some((m) => m.values.includes(to));
        return (
          selects &&
          p.spec.ingress.some(
            (i) =>
              i.from.some((f) => f.podSelector?.matchLabels?.["app.kubernetes.io/name"] === from) &&
              i.ports.some((port) => port.port === 50051),
          )
        );
      });
    expect(reaches("planner", "lexical")).toBe(true);
    expect(reaches("answer", "lexical")).toBe(true);
    expect(reaches("planner", "vector")).toBe(false);
  });

  type StageService = { spec: { clusterIP?: string; selector: Record<string, string>; ports: { port: number }[] } };

  /**
   * Why the stage targets (`LEXNAV_*_TARGET`) of `workloads` would not spread a caller's calls over every replica
   * of the stage: a target not in `dns:///<service>.lexnav.svc:<port>` form (an address, or a name outside the
   * namespace, is no stage's Service), a Service `services` lacks, one with a cluster IP (its name resolves to one address:
   * a caller's one connection reaches one pod), or a port the Service does not serve.
   */
  function stageTargetViolations(
    workloads: readonly (Workload & K8sObject)[],
    services: readonly (StageService & K8sObject)[],
  ) {
    const out: string[] = [];
    for (const w of workloads)
      for (const c of w.spec.template.spec.containers)
        for (const e of c.env ?? []) {
          if (!/^LEXNAV_[A-Z]+_TARGET$/.test(e.name)) continue;
          const where = `${w.metadata.name} ${e.name}`;
          const m = /^dns:\/\/\/([a-z0-9-]+)\.lexnav\.svc:(\d+)$/.exec(e.value ?? "");
          if (!m) {
            out.push(`${where}: ${e.value} is not dns:///<service>.lexnav.svc:<port>`);
            continue;
          }
          const service = services.find((s) => s.metadata.name === m[1]);
          if (!service) out.push(`${where}: no Service ${m[1]}`);
          else if (service.spec.clusterIP !== "None") out.push(`${where}: Service ${m[1]} is not headless`);
          else if (!service.spec.ports.some((p) => p.port === Number(m[2])))
            out.push(`${where}: Service ${m[1]} serves no port ${m[2]}`);
        }
    return out;
  }

  it("every stage target names a headless Service by dns:///, so each caller spreads its calls over every ready pod", () => {
    const services = ofKind<StageService>("Service");
    expect(stageTargetViolations(deployments, services)).toEqual([]);
    // The checks see targets: the answer service calls four stages, the planner one.
    const targets = deployments.flatMap((d) =>
      d.spec.template.spec.containers.flatMap((c) => (c.env ?? []).filter((e) => e.name.endsWith("_TARGET"))),
    );
    expect(targets).toHaveLength(5);
    for (const stage of ["lexical", "vector", "rerank", "planner"])
      expect(named<StageService>("Service", stage).spec.clusterIP, stage).toBe("None");
    // The answer front keeps its cluster IP: its callers are outside the cluster's stages.
    expect(named<StageService>("Service", "answer").spec.clusterIP).toBeUndefined();
    // Controls: each way back to one replica per caller is caught.
    const answer = structuredClone(named<Workload>("Deployment", "answer"));
    const env = answer.spec.template.spec.containers[0]?.env ?? [];
    const set = (name: string, value: string) => {
      const e = env.find((x) => x.name === name);
      if (e) e.value = value;
    };
    set("LEXNAV_LEXICAL_TARGET", "lexical.lexnav.svc:50051");
    set("LEXNAV_VECTOR_TARGET", "dns:///vector-pods.lexnav.svc:50051");
    set("LEXNAV_PLANNER_TARGET", "dns:///planner.lexnav.svc:50052");
    const clustered = services.map((s) => {
      if (s.metadata.name !== "rerank") return s;
      const copy = structuredClone(s);
      delete copy.spec.clusterIP;
      return copy;
    });
    expect(stageTargetViolations([answer], clustered)).toEqual([
      "answer LEXNAV_LEXICAL_TARGET: lexical.lexnav.svc:50051 is not dns:///<service>.lexnav.svc:<port>",
      "answer LEXNAV_VECTOR_TARGET: no Service vector-pods",
      "answer LEXNAV_RERANK_TARGET: Service rerank is not headless",
      "answer LEXNAV_PLANNER_TARGET: Service planner serves no port 50052",
    ]);
  });

  it("each catalog client reads LEXNAV_CATALOG_URL from the Secret and alone reaches PostgreSQL; the server stores are set", () => {
    const clients = deployments.filter((d) => d.spec.template.metadata.labels["lexnav.io/catalog-client"] === "true");
    expect(clients.map((d) => d.metadata.name).sort()).toEqual([...CATALOG_CLIENTS].sort());
    for (const d of deployments) {
      const url = d.spec.template.spec.containers[0]?.env?.find((e) => e.name === "LEXNAV_CATALOG_URL");
      if (clients.includes(d))
        expect(url?.valueFrom?.secretKeyRef, d.metadata.name).toEqual({ name: "lexnav-postgres", key: "catalog-url" });
      else expect(url, d.metadata.name).toBeUndefined();
    }
    const policy = named<{ spec: { podSelector: Obj; ingress: { from: { podSelector: Obj }[] }[] } }>(
      "NetworkPolicy",
      "postgres",
    );
    expect(policy.spec.ingress[0]?.from[0]?.podSelector).toEqual({
      matchLabels: { "lexnav.io/catalog-client": "true" },
    });
    // The stages' per-pod files are scratch only because their stores are servers: both URLs are set.
    const config = named<{ data: Record<string, string> }>("ConfigMap", "lexnav-config");
    expect(config.data.LEXNAV_OPENSEARCH_URL).toMatch(/^https?:\/\//);
    expect(config.data.LEXNAV_QDRANT_URL).toMatch(/^https?:\/\//);
    // The vector stage indexes in every replica, with its model mounted read-only where its setting points.
    const vector = named<Workload>("Deployment", "vector").spec.template.spec.containers[0];
    const modelDir = vector?.env?.find((e) => e.name === "LEXNAV_EMBEDDER_MODEL_DIR")?.value;
    expect(vector?.volumeMounts?.find((m) => m.mountPath === modelDir)?.readOnly).toBe(true);
    expect(vector?.env?.find((e) => e.name === "LEXNAV_STAGE_ROLE")?.value).toBe("index");
    // Ingest reads paths only under the corpus it mounts.
    const ingest = named<Workload>("Deployment", "ingest").spec.template.spec.containers[0];
    const roots = ingest?.env?.find((e) => e.name === "LEXNAV_INGEST_ROOTS")?.value;
    expect(ingest?.volumeMounts?.find((m) => m.mountPath === roots)?.readOnly).toBe(true);
  });

  it("every Secret and claim a manifest refers to is one deploy/README.md tells the operator to create", () => {
    const readme = read("README.md");
    const refs = new Set<string>();
    for (const w of [...deployments, ...ofKind<Workload>("StatefulSet")]) {
      for (const c of w.spec.template.spec.containers) {
        for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) refs.add(e.valueFrom.secretKeyRef.name);
        for (const e of c.envFrom ?? []) if (e.secretRef) refs.add(e.secretRef.name);
      }
      for (const v of w.spec.template.spec.volumes ?? []) {
        if (v.secret) refs.add(v.secret.secretName);
        if (v.persistentVolumeClaim) refs.add(v.persistentVolumeClaim.claimName);
      }
    }
    // The answer records' claim is made by storage.yaml; the rest the operator creates.
    const made = new Set(ofKind("PersistentVolumeClaim").map((c) => c.metadata.name));
    expect([...made].sort()).toEqual([NODE_BOUND.claim]);
    expect([...refs].filter((r) => !made.has(r)).sort()).toEqual([
      "lexnav-answer-callers",
      "lexnav-anthropic",
      "lexnav-corpus",
      "lexnav-models",
      "lexnav-nats-passwords",
      "lexnav-nats-tls",
      "lexnav-postgres",
    ]);
    for (const r of refs) expect(readme, r).toContain(r);
    // The passwords Secret's keys are the variables nats.conf reads.
    for (const v of natsUsers.values()) expect(readme).toContain(v);
    expect(ofKind("Secret")).toEqual([]); // no secret value is committed
  });
});

describe("deploy/compose.yaml against the compose-spec schema (vendored), and what the schema cannot say", () => {
  type Service = {
    build?: { args?: Record<string, string> };
    healthcheck?: Obj;
    ports?: string[];
    deploy?: { replicas?: number };
    environment?: Record<string, string | null>;
    command?: string[];
    volumes?: string[];
    depends_on?: Record<string, unknown>;
  };
  const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
  const tls = parse(read("compose.tls.yaml"), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const stages = Object.entries(services).filter(([, s]) => s.build?.args?.SERVICE !== undefined);

  it("compose.yaml and compose.tls.yaml are valid compose files; the validator refuses a broken one", () => {
    const validate = composeValidator();
    expect(validate(compose)).toEqual([]);
    expect(validate(tls)).toEqual([]);
    const broken = structuredClone(compose) as { services: Record<string, Obj> };
    (broken.services.answer as Obj).replicas = 2; // belongs under deploy:
    expect(validate(broken).join("\n")).toMatch(/^\/services\/answer must NOT have unevaluated properties/m);
  });

  it("has the six stage services, each built from deploy/Dockerfile with its own SERVICE", () => {
    expect(stages.map(([n]) => n).sort()).toEqual([...STAGES].sort());
    for (const [name, s] of stages) expect(s.build?.args?.SERVICE).toBe(name);
  });

  it("every service has a healthcheck but the two images that carry no tool to run one; the stages share one probe", () => {
    const without = Object.entries(services)
      .filter(([, s]) => s.healthcheck === undefined)
      .map(([n]) => n)
      .sort();
    expect(without).toEqual(["jaeger", "otel-collector"]);
    const probes = new Set(stages.map(([, s]) => JSON.stringify(s.healthcheck)));
    expect(probes.size).toBe(1);
    expect([...probes][0]).toContain("/readyz");
    // Written once (an anchor), not once per service.
    expect(read("compose.yaml").match(/fetch\('http:\/\/127\.0\.0\.1:8080\/readyz'\)/g)?.length).toBe(1);
  });

  it("no replicated service has a fixed host port: the answer front is published on a range of one port per replica", () => {
    for (const [name, s] of Object.entries(services)) {
      const replicas = s.deploy?.replicas ?? 1;
      for (const p of s.ports ?? []) {
        const host = p.split(":").slice(0, -1).join(":");
        const range = /(\d+)-(\d+)$/.exec(host);
        if (replicas > 1 || stages.some(([n]) => n === name)) {
          expect(range, `${name} publishes ${p}`).not.toBeNull();
          const size = Number(range?.[2]) - Number(range?.[1]) + 1;
          expect(size, `${name}: a port per replica`).toBeGreaterThanOrEqual(replicas);
        }
      }
    }
    expect(services.answer?.ports).toHaveLength(1);
    for (const [name, s] of stages) if (name !== "answer") expect(s.ports, name).toBeUndefined();
    // Stores with no authentication here are published nowhere; the rest only on loopback.
    expect(services.opensearch?.ports).toBeUndefined();
    expect(services.qdrant?.ports).toBeUndefined();
    for (const name of ["nats", "jaeger", "prometheus"])
      for (const p of services[name]?.ports ?? []) expect(p, name).toMatch(/^127\.0\.0\.1:/);
  });

  it("NATS runs nats.conf with every password from the environment; each client service connects as its own user", () => {
    const nats = services.nats;
    expect(nats?.command).toEqual(["-c", "/etc/nats/nats.conf", "-sd", "/data"]);
    expect(tls.services.nats?.command).toEqual(["-c", "/etc/nats/nats-tls.conf", "-sd", "/data"]);
    const example = read("env.example");
    for (const v of natsUsers.values()) {
      expect(nats?.environment?.[v]).toBe(`\${${v}:?set in deploy/.env}`);
      expect(example).toMatch(new RegExp(`^${v}=$`, "m"));
    }
    const clients = stages.filter(([, s]) => s.environment?.NATS_USER !== undefined);
    expect(clients.map(([n]) => n).sort()).toEqual(["answer", "ingest", "lexical", "vector"]);
    for (const [name, s] of clients) {
      const user = s.environment?.NATS_USER ?? "";
      expect(user).toBe(name);
      expect(s.environment?.NATS_PASSWORD).toBe(`\${${natsUsers.get(user)}:?set in deploy/.env}`);
      expect(tls.services[name]?.environment?.NATS_TLS_CA).toBeDefined();
    }
    // No password is written into the repository.
    expect(read("compose.yaml")).not.toMatch(/PASSWORD:\s+[^$\s]/);
  });

  it("traces go to Jaeger through the collector; Prometheus scrapes every stage", () => {
    const collector = parse(read("otel-collector.yaml")) as {
      exporters: Record<string, { endpoint?: string }>;
      service: { pipelines: { traces: { exporters: string[] } } };
    };
    const traceExporters = collector.service.pipelines.traces.exporters;
    expect(traceExporters).toEqual(["otlp/jaeger"]);
    expect(collector.exporters["otlp/jaeger"]?.endpoint).toBe("jaeger:4317");
    expect(services.jaeger).toBeDefined();
    for (const [, s] of stages) expect(s.environment?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe("http://otel-collector:4318");
    const prom = parse(read("prometheus", "prometheus.yml")) as {
      scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; port: number }[] }[];
    };
    const lexnav = prom.scrape_configs.find((j) => j.job_name === "lexnav")?.dns_sd_configs?.[0];
    expect([...(lexnav?.names ?? [])].sort()).toEqual([...STAGES].sort());
    expect(lexnav?.port).toBe(8080);
    for (const [, s] of stages) expect(s.environment?.LEXNAV_HEALTH_ADDRESS).toBe("0.0.0.0:8080");
    expect(existsSync(deploy("prometheus", "alerts.yml"))).toBe(true);
  });

  it("every LEXNAV_* and NATS_* variable a lexnav service is given is a setting the config reads", () => {
    const names = [
      ...stages,
      ...Object.entries(tls.services).filter(([n]) => services[n]?.build !== undefined),
    ].flatMap(([, s]) => Object.keys(s.environment ?? {}));
    expect(names).toContain("LEXNAV_LEXICAL_DB"); // the check sees the names it checks
    expect(unknownSettings(names)).toEqual([]);
    expect(unknownSettings([...names, "QDRANT_URL", "LEXNAV_QDRANT_ADDRESS"])).toEqual(["LEXNAV_QDRANT_ADDRESS"]);
  });

  /**
   * Why the stage targets (`LEXNAV_<STAGE>_TARGET`) of `all` would not reach every replica of that stage: not
   * `dns:///<service>:<port>` (compose's DNS answers a service name with every replica's address), a service that
   * is not `<stage>`, or a port other than the one `<stage>` listens on (`LEXNAV_<STAGE>_ADDRESS`).
   */
  function composeTargetViolations(all: Record<string, Service>): string[] {
    const out: string[] = [];
    for (const [name, s] of Object.entries(all))
      for (const [key, value] of Object.entries(s.environment ?? {})) {
        const stage = /^LEXNAV_([A-Z]+)_TARGET$/.exec(key)?.[1];
        if (stage === undefined) continue;
        const m = /^dns:\/\/\/([a-z0-9-]+):(\d+)$/.exec(value ?? "");
        const listens = all[stage.toLowerCase()]?.environment?.[`LEXNAV_${stage}_ADDRESS`]?.split(":").pop();
        if (!m) out.push(`${name} ${key}: ${value} is not dns:///<service>:<port>`);
        else if (m[1] !== stage.toLowerCase())
          out.push(`${name} ${key}: ${m[1]} is not the ${stage.toLowerCase()} service`);
        else if (m[2] !== listens) out.push(`${name} ${key}: ${m[1]} listens on ${listens}, not ${m[2]}`);
      }
    return out;
  }

  it("every stage target is dns:/// of that stage's service, on the port it listens on", () => {
    expect(composeTargetViolations(services)).toEqual([]);
    expect(Object.keys(services.answer?.environment ?? {}).filter((k) => k.endsWith("_TARGET"))).toHaveLength(4);
    // Controls.
    const broken = structuredClone(services);
    const env = broken.answer?.environment ?? {};
    env.LEXNAV_LEXICAL_TARGET = "lexical:50051";
    env.LEXNAV_VECTOR_TARGET = "dns:///rerank:50051";
    env.LEXNAV_RERANK_TARGET = "dns:///rerank:50053";
    expect(composeTargetViolations(broken)).toEqual([
      "answer LEXNAV_LEXICAL_TARGET: lexical:50051 is not dns:///<service>:<port>",
      "answer LEXNAV_VECTOR_TARGET: rerank is not the vector service",
      "answer LEXNAV_RERANK_TARGET: rerank listens on 50051, not 50053",
    ]);
  });

  it("every stage shares no volume with another replica but the answer records; ingest runs replicas; all on the catalog", () => {
    const compose = parse(read("compose.yaml"), { merge: true }) as { volumes: Record<string, unknown> };
    const named = new Set(Object.keys(compose.volumes));
    /** The named volumes (shared by every replica of a service) that `name` mounts, and where. */
    const sharedOf = (volumes: readonly string[]) =>
      new Map(
        volumes
          .map((v) => v.split(":"))
          .filter(([source]) => named.has(source ?? ""))
          .map(([source, target]) => [source ?? "", target ?? ""] as const),
      );
    const sharedMounts = (name: string) => sharedOf(services[name]?.volumes ?? []);
    for (const [name] of stages)
      if (name !== "answer") expect([...sharedMounts(name).keys()], `${name} shares a volume`).toEqual([]);
    // The answer records: one file its replicas share (compose runs on one host, where SQLite's locks hold).
    const records = sharedMounts("answer");
    expect([...records.keys()]).toEqual(["answer-records"]);
    expect(services.answer?.environment?.LEXNAV_DB?.startsWith(`${records.get("answer-records")}/`)).toBe(true);
    for (const { stage } of CONSUMERS) expect(services[stage]?.deploy?.replicas, stage).toBeGreaterThanOrEqual(2);
    // The control: the volume the catalog file once lived on would be caught.
    expect([...sharedOf([...(services.ingest?.volumes ?? []), "answer-records:/data"]).keys()]).toEqual([
      "answer-records",
    ]);
    // Every stage that reads the catalog is given the PostgreSQL URL; the stages' server stores are set.
    for (const name of CATALOG_CLIENTS) {
      expect(services[name]?.environment?.LEXNAV_CATALOG_URL, name).toMatch(
        /^postgres:\/\/lexnav:\$\{[A-Z_]+:\?[^}]+\}@postgres:5432\/lexnav$/,
      );
      expect(Object.keys(services[name]?.depends_on ?? {}), name).toContain("postgres");
    }
    // The planner's deterministic plan reads the lexical index through the lexical stage.
    expect(services.planner?.environment?.LEXNAV_LEXICAL_TARGET).toBe("dns:///lexical:50051");
    expect(Object.keys(services.planner?.depends_on ?? {})).toContain("lexical");
    expect(services.lexical?.environment?.LEXNAV_OPENSEARCH_URL).toBe("http://opensearch:9200");
    expect(services.vector?.environment?.LEXNAV_QDRANT_URL).toBe("http://qdrant:6333");
    expect(services.vector?.environment?.LEXNAV_STAGE_ROLE).toBe("index");
    const modelDir = services.vector?.environment?.LEXNAV_EMBEDDER_MODEL_DIR;
    expect(services.vector?.volumes?.some((v) => v.endsWith(`:${modelDir}:ro`))).toBe(true);
    expect(services.postgres?.environment?.POSTGRES_DB).toBe("lexnav");
    expect(services.postgres?.ports).toBeUndefined();
  });

  it("the image makes /data writable by the user it runs as, before switching to it", () => {
    const dockerfile = read("Dockerfile");
    const chown = dockerfile.indexOf("chown node:node /data");
    const user = dockerfile.indexOf("USER node");
    expect(chown).toBeGreaterThan(-1);
    expect(user).toBeGreaterThan(chown);
    // Secrets never enter the build context.
    expect(read("Dockerfile.dockerignore")).toMatch(/^deploy\/\.env$/m);
    expect(read(".gitignore")).toMatch(/^\.env$/m);
  });
});
