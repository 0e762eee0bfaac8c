// Worker threads start without the parent's module loaders, so register tsx before loading the
// engine's TypeScript. Plain JavaScript on purpose: this file must load before any loader exists.
// Used when the worker bundle (bundle.ts) could not be made.
import { register } from "tsx/esm/api";

register();
const { serveWorker } = await import("./worker.ts");
await serveWorker();
