import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";

/**
 * Validators from the schemas vendored in test/deploy/schemas (written by vendor-schemas.ts from pinned
 * Go modules): nothing is fetched at run time.
 */
const dir = join(import.meta.dirname, "schemas");
const load = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, unknown>;

/** A Kubernetes object's errors against the schema of its apiVersion and kind ([] when valid). */
export type ManifestValidator = (doc: unknown) => string[];

/** The Kubernetes 1.34 kinds deploy/k8s uses, and KEDA's ScaledObject, strict about unknown fields. */
export function kubernetesValidator(): ManifestValidator {
  const k8s = load("kubernetes.json") as { kinds: Record<string, string>; definitions: Record<string, unknown> };
  const keda = load("keda.json") as { kinds: Record<string, Record<string, unknown>> };
  // The spec's own keywords (x-kubernetes-*) and formats (int32, int-or-string) are annotations here.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: "k8s", definitions: k8s.definitions });
  const validators = new Map<string, ValidateFunction>();
  for (const [gvk, name] of Object.entries(k8s.kinds))
    validators.set(gvk, ajv.compile({ $ref: `k8s#/definitions/${name}` }));
  for (const [gvk, schema] of Object.entries(keda.kinds)) validators.set(gvk, ajv.compile(schema));
  return (doc) => {
    const { apiVersion, kind } = (doc ?? {}) as { apiVersion?: unknown; kind?: unknown };
    const validate = validators.get(`${String(apiVersion)}/${String(kind)}`);
    if (!validate) return [`no schema for apiVersion ${String(apiVersion)} kind ${String(kind)}`];
    if (validate(doc)) return [];
    return (validate.errors ?? []).map(
      (e) =>
        `${e.instancePath || "/"} ${e.message ?? "invalid"}${e.params && "additionalProperty" in e.params ? `: ${String(e.params.additionalProperty)}` : ""}`,
    );
  };
}

/** The compose-spec schema (compose-go v2.16.2), a validator of a whole compose file. */
export function composeValidator(): ManifestValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(load("compose-spec.json"));
  return (doc) =>
    validate(doc)
      ? []
      : (validate.errors ?? []).map(
          (e) =>
            `${e.instancePath || "/"} ${e.message ?? "invalid"}${e.params && "additionalProperty" in e.params ? `: ${String(e.params.additionalProperty)}` : ""}`,
        );
}
