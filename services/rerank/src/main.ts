import { startHealthServer, startServiceProcess } from "@lexnav/telemetry";
import { createRerankAppFromConfig } from "./wiring.ts";

// The rerank service process: config, logger and telemetry, the reranker, the listen, the drain on a signal.
const { config, logger, metrics, onStopSignal } = startServiceProcess("lexnav-rerank");

// The reranker is loaded before the service listens, so it is ready once it listens: no readiness checks.
const { app, reranker, close } = await createRerankAppFromConfig(config, logger);
const port = await app.listen(config.rerankAddress);
const health = config.healthAddress
  ? await startHealthServer({ address: config.healthAddress, checks: {}, logger, metrics })
  : null;
// One line a supervisor (or a test) can wait for.
logger.info("ready", { port, healthPort: health?.port ?? null, reranker: reranker.id });

onStopSignal(async () => {
  await app.stop();
  await health?.close();
  await close();
});
