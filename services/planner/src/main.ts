import { createEmbeddedStack } from "@lexnav/stack";
import { startHealthServer, startServiceProcess } from "@lexnav/telemetry";
import { createPlannerAppOnStack, createPlannerLexicalSource } from "./wiring.ts";

// The planner service process: config, logger and telemetry, wiring, the listen, the drain on a signal.
const { config, logger, metrics, onStopSignal } = startServiceProcess("lexnav-planner");

// The store the ingest service writes (LEXNAV_DB; the catalog on LEXNAV_CATALOG_URL when set). The
// deterministic planner reads the lexical index and the provision trees, not embeddings: no embedder is
// loaded. With LEXNAV_LEXICAL_TARGET the lexical index read is the lexical service's (the shared shape).
const lexical = createPlannerLexicalSource(config);
const stack = await createEmbeddedStack(
  config.dbPath,
  config.limits,
  logger,
  {},
  {
    ...(config.catalogUrl !== undefined ? { catalogUrl: config.catalogUrl } : {}),
    ...(lexical ? { sources: { lexical } } : {}),
  },
);
// Ready when the store answers a read; served over gRPC health checking and, when configured, HTTP.
const readiness = {
  store: async () => {
    await stack.catalog.getDocument("readiness-probe");
  },
};
const app = createPlannerAppOnStack(stack, config, logger, readiness);
const port = await app.listen(config.plannerAddress);
const health = config.healthAddress
  ? await startHealthServer({ address: config.healthAddress, checks: readiness, logger, metrics })
  : null;
// One line a supervisor (or a test) can wait for.
logger.info("ready", {
  port,
  healthPort: health?.port ?? null,
  planner: config.answer?.apiKey ? config.answer.model : "deterministic",
  remoteStages: lexical ? ["lexical"] : [],
});

onStopSignal(async () => {
  await app.stop();
  await health?.close();
  await stack.close();
  lexical?.close();
});
