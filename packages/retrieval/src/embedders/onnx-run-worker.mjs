// Body of an inference worker thread (onnx-run-pool.ts): one onnxruntime session over the model bytes it is
// given, running the feeds it is sent and sending back the one output asked for. Plain JavaScript: it needs
// no TypeScript loader, so a worker starts in the time the runtime takes to load.
import { parentPort, workerData } from "node:worker_threads";

const { modelBytes, threads, spinning } = workerData;
const spin = spinning ? "1" : "0";
try {
  const ort = await import("onnxruntime-node");
  const session = await ort.InferenceSession.create(new Uint8Array(modelBytes), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: "all",
    extra: { session: { intra_op: { allow_spinning: spin }, inter_op: { allow_spinning: spin } } },
  });
  parentPort.postMessage({ ready: true, inputNames: session.inputNames, outputNames: session.outputNames });
  parentPort.on("message", async ({ id, feeds, output }) => {
    try {
      const tensors = {};
      for (const [name, f] of Object.entries(feeds)) tensors[name] = new ort.Tensor(f.type, f.data, f.dims);
      const out = (await session.run(tensors))[output];
      if (!out) throw new Error(`the model has no output "${output}"`);
      const data = out.data;
      parentPort.postMessage({ id, type: out.type, dims: out.dims, data }, [data.buffer]);
    } catch (e) {
      parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
    }
  });
} catch (e) {
  parentPort.postMessage({ ready: false, error: e instanceof Error ? e.message : String(e) });
}
