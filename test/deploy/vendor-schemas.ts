/**
 * Writes the JSON schemas that test/deploy/manifests.test.ts validates deploy/ against, from pinned Go
 * modules (the Kubernetes OpenAPI spec, the compose-spec schema, KEDA's ScaledObject CRD), so the test
 * needs no network: validators fetch schemas at run time by default, which these machines cannot do.
 *
 *   pnpm exec tsx test/deploy/vendor-schemas.ts     # needs `go` and the Go module proxy
 *
 * The Kubernetes spec is cut down to the kinds deploy/k8s/ uses (and every definition they reach), and
 * made strict the way kubeconform's `-strict` is: an object lists its fields, so a misspelt field
 * (`readinesProbe`) fails instead of being ignored by the API server. Sources and sums: schemas/SOURCES.json.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const OUT = join(import.meta.dirname, "schemas");

/** The modules the schemas come from: version pinned, sum checked by `go mod download` against the sum database. */
export const SCHEMA_MODULES = {
  kubernetes: { module: "k8s.io/kubernetes", version: "v1.34.2", file: "api/openapi-spec/swagger.json" },
  compose: {
    module: "github.com/compose-spec/compose-go/v2",
    version: "v2.16.2",
    file: "schema/compose-spec.json",
  },
  keda: {
    module: "github.com/kedacore/keda/v2",
    version: "v2.21.0",
    file: "config/crd/bases/keda.sh_scaledobjects.yaml",
  },
} as const;

/** The kinds deploy/k8s/ may use (group/version, kind). Another kind fails validation until it is added here. */
export const KUBERNETES_KINDS = [
  ["v1", "ConfigMap"],
  ["v1", "Secret"],
  ["v1", "Service"],
  ["v1", "ServiceAccount"],
  ["v1", "Namespace"],
  ["v1", "PersistentVolumeClaim"],
  ["apps/v1", "Deployment"],
  ["apps/v1", "StatefulSet"],
  ["autoscaling/v2", "HorizontalPodAutoscaler"],
  ["networking.k8s.io/v1", "NetworkPolicy"],
  ["policy/v1", "PodDisruptionBudget"],
] as const;

type Json = { [k: string]: unknown };

function download(module: string, version: string): { dir: string; sum: string } {
  const out = execFileSync("go", ["mod", "download", "-json", `${module}@${version}`], {
    encoding: "utf8",
    env: { ...process.env, GOFLAGS: "-mod=mod" },
  });
  const info = JSON.parse(out) as { Dir?: string; Sum?: string; Error?: string };
  if (info.Dir === undefined || info.Sum === undefined) throw new Error(`${module}@${version}: ${info.Error ?? out}`);
  return { dir: info.Dir, sum: info.Sum };
}

/** Every object that lists properties and says nothing of others gets `additionalProperties: false`. */
function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (node === null || typeof node !== "object") return node;
  const o = Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, strict(v)])) as Json;
  if (o["x-kubernetes-int-or-string"] === true) return { anyOf: [{ type: "string" }, { type: "integer" }] };
  if (
    o.properties !== undefined &&
    o.additionalProperties === undefined &&
    o["x-kubernetes-preserve-unknown-fields"] !== true
  )
    o.additionalProperties = false;
  return o;
}

function kubernetes(dir: string): Json {
  const spec = JSON.parse(readFileSync(join(dir, SCHEMA_MODULES.kubernetes.file), "utf8")) as {
    definitions: Record<string, Json>;
  };
  const defs = spec.definitions;
  const kinds: Record<string, string> = {};
  for (const [name, def] of Object.entries(defs)) {
    const gvks = (def["x-kubernetes-group-version-kind"] ?? []) as { group: string; version: string; kind: string }[];
    for (const g of gvks) {
      const apiVersion = g.group === "" ? g.version : `${g.group}/${g.version}`;
      if (KUBERNETES_KINDS.some(([v, k]) => v === apiVersion && k === g.kind)) kinds[`${apiVersion}/${g.kind}`] = name;
    }
  }
  const missing = KUBERNETES_KINDS.filter(([v, k]) => kinds[`${v}/${k}`] === undefined);
  if (missing.length > 0) throw new Error(`not in the spec: ${missing.map((m) => m.join(" ")).join(", ")}`);

  const keep = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) walk(n);
    else if (node !== null && typeof node === "object")
      for (const [k, v] of Object.entries(node as Json)) {
        if (k === "$ref" && typeof v === "string") {
          const name = v.replace("#/definitions/", "");
          if (!keep.has(name)) {
            keep.add(name);
            walk(defs[name]);
          }
        } else walk(v);
      }
  };
  for (const name of Object.values(kinds)) walk({ $ref: `#/definitions/${name}` });

  const definitions: Record<string, unknown> = {};
  for (const name of [...keep].sort()) {
    const def = defs[name] as Json;
    // Two string-typed definitions that YAML commonly writes as numbers (`port: 8080`, `cpu: 1`).
    if (def.format === "int-or-string") definitions[name] = { anyOf: [{ type: "string" }, { type: "integer" }] };
    else if (name === "io.k8s.apimachinery.pkg.api.resource.Quantity")
      definitions[name] = { anyOf: [{ type: "string" }, { type: "number" }] };
    else definitions[name] = strict(def);
  }
  return { kinds, definitions };
}

function keda(dir: string): Json {
  const crd = parse(readFileSync(join(dir, SCHEMA_MODULES.keda.file), "utf8")) as {
    spec: { group: string; names: { kind: string }; versions: { name: string; schema: { openAPIV3Schema: Json } }[] };
  };
  const kinds: Record<string, unknown> = {};
  for (const v of crd.spec.versions)
    kinds[`${crd.spec.group}/${v.name}/${crd.spec.names.kind}`] = strict(v.schema.openAPIV3Schema);
  return { kinds };
}

function main(): void {
  const sources: Record<string, unknown> = {};
  const k8s = download(SCHEMA_MODULES.kubernetes.module, SCHEMA_MODULES.kubernetes.version);
  writeFileSync(join(OUT, "kubernetes.json"), `${JSON.stringify(kubernetes(k8s.dir))}\n`);
  sources.kubernetes = { ...SCHEMA_MODULES.kubernetes, sum: k8s.sum, written: "kubernetes.json" };

  const compose = download(SCHEMA_MODULES.compose.module, SCHEMA_MODULES.compose.version);
  writeFileSync(join(OUT, "compose-spec.json"), readFileSync(join(compose.dir, SCHEMA_MODULES.compose.file)));
  sources.compose = { ...SCHEMA_MODULES.compose, sum: compose.sum, written: "compose-spec.json" };

  const kedaMod = download(SCHEMA_MODULES.keda.module, SCHEMA_MODULES.keda.version);
  writeFileSync(join(OUT, "keda.json"), `${JSON.stringify(keda(kedaMod.dir))}\n`);
  sources.keda = { ...SCHEMA_MODULES.keda, sum: kedaMod.sum, written: "keda.json" };

  writeFileSync(join(OUT, "SOURCES.json"), `${JSON.stringify(sources, null, 2)}\n`);
}

if (process.argv[1] === import.meta.filename) main();
