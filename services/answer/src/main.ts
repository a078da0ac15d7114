import { openSqliteDatabase } from "@lexnav/catalog";
import { createEmbeddedStack, loadStackModels } from "@lexnav/stack";
import { startServiceProcess } from "@lexnav/telemetry";
import { createAnswerAppOnStack } from "./wiring.ts";

// The answer service process: config, logger and telemetry, wiring, the listen, the drain on a signal.
const { config, logger, onStopSignal } = startServiceProcess("lexnav-answer");

// The store the ingest service writes (LEXNAV_DB); the local models the config names, loaded once.
const stack = createEmbeddedStack(config.dbPath, config.limits, logger, await loadStackModels(config));
const answers = openSqliteDatabase(config.dbPath);
const app = createAnswerAppOnStack(stack, config, answers, logger);
const port = await app.listen(config.answerAddress);
// One line a supervisor (or a test) can wait for.
logger.info("ready", { port, answerer: config.answer?.apiKey ? config.answer.model : "offline" });

onStopSignal(async () => {
  await app.stop();
  answers.close();
  stack.close();
});
